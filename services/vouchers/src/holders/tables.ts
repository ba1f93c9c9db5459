/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). */
export const OWNED_TABLES = ['member_uses', 'member_day_uses'] as const;
