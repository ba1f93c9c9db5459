/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). */
export const OWNED_TABLES = ['trainer_rules', 'trainer_configs'] as const;
