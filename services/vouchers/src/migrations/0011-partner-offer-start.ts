import { Migration } from '@mikro-orm/migrations';
import {
  PARTNER_OFFER_TALLY_FUNCTION_SQL,
  REBUILD_PARTNER_OFFER_TALLIES_SQL,
} from '../tallies/partner-offer-tallies-sql.repository';

/**
 * An upcoming code (its start_date still to come, migration 20261130) is not one of a partner's
 * `activeOffers` on the landing page, though it counts in `totalQrCodes` (issue 24): the tallies are
 * kept by start day as well as expiry day, so the active ones are those whose start day has come and
 * whose expiry day has not passed, read from the same few rows per partner. The trigger's function
 * takes the start day, and the tallies are refilled from the rows (codes made with a start since
 * 20261130 were counted as active). qr_codes is locked against writes first, in the order its writers
 * take the two tables, so a redeem running meanwhile waits instead of deadlocking.
 */
export class Migration0011PartnerOfferStart extends Migration {
  override async up(): Promise<void> {
    this.addSql('lock table qr_codes in share row exclusive mode');
    this.addSql(`alter table partner_offer_tallies add column start_day date not null default '-infinity'`);
    this.addSql('alter table partner_offer_tallies alter column start_day drop default');
    this.addSql('alter table partner_offer_tallies drop constraint partner_offer_tallies_pkey');
    this.addSql(
      'alter table partner_offer_tallies add primary key (partner_id, expiration_day, start_day, shard)',
    );
    this.addSql(PARTNER_OFFER_TALLY_FUNCTION_SQL);
    for (const sql of REBUILD_PARTNER_OFFER_TALLIES_SQL) this.addSql(sql);
  }
}
