/**
 * The tables this folder owns and alone writes (avpass/tables-written-by-owner); member_send_tallies
 * is written only by the triggers on its deliveries and their outgoing rows (members migration 0006).
 */
export const OWNED_TABLES = ['member_sends', 'member_deliveries', 'member_send_tallies'] as const;
