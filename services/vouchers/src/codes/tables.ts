/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). used_up_codes, code_usage and held_codes are kept by triggers on qr_codes */
export const OWNED_TABLES = ['qr_codes', 'used_up_codes', 'code_usage', 'held_codes'] as const;
