/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). */
export const OWNED_TABLES = ['members', 'member_consents', 'member_photos'] as const;
