/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). */
export const OWNED_TABLES = ['partner_statuses'] as const;
