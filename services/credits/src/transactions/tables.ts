/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). */
export const OWNED_TABLES = ['credit_transactions', 'credit_tallies'] as const;
