/** The tables this folder owns and alone writes (avpass/tables-written-by-owner); members' pass columns are members/'s. */
export const OWNED_TABLES = ['member_pass_keys'] as const;
