import { Migration } from '@mikro-orm/migrations';

/**
 * Voucher events reach the read model through one consumer per event type, so an assignment can be
 * applied after its own removal. Rows remember when they were last assigned and, once removed, stay
 * as tombstones with the removal time; an older assignment never revives them.
 */
export class Migration0002OfferTombstones extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table partner_offer_stats add column assigned_at timestamptz null');
    this.addSql('alter table partner_offer_stats add column removed_at timestamptz null');
  }
}
