/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). */
export const OWNED_TABLES = ['member_sign_ins', 'member_sessions'] as const;
