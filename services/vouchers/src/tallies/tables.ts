/** The tables this folder owns and alone writes (avpass/tables-written-by-owner). */
export const OWNED_TABLES = [
  'code_tallies',
  'redemption_tallies',
  'location_tallies',
  'batch_tallies',
  'code_day_tallies',
  'code_search_tallies',
  'pending_tallies',
  'partner_offer_tallies',
  'trainer_day_tallies',
] as const;
