// Tables passes/ owns and alone writes (avpass/tables-written-by-owner).
export const OWNED_TABLES = ['wallet_passes', 'wallet_registrations', 'wallet_member_passes'] as const;
