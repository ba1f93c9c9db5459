/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). used_up_codes and code_usage are kept by triggers on qr_codes */
export const OWNED_TABLES = ['qr_codes', 'used_up_codes', 'code_usage'] as const;
