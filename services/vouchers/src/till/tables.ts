/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). till_code_changes is kept by triggers */
export const OWNED_TABLES = ['till_code_changes', 'till_conflicts'] as const;
