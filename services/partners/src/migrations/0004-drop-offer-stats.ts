import { Migration } from '@mikro-orm/migrations';

/**
 * The landing page's partner figures come from the vouchers service's partner_offer_tallies (issue 24,
 * vouchers migration 20261201), asked at read time: the event-fed read model partner_offer_stats and
 * its consumer are gone, and so are the consumer's processed-event marks (consumer 'partners').
 */
export class Migration0004DropOfferStats extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop table if exists partner_offer_stats');
    this.addSql(`delete from processed_events where consumer = 'partners'`);
  }
}
