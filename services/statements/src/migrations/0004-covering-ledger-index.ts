import { Migration } from '@mikro-orm/migrations';

/**
 * A partner's range of the ledger read from the index alone (decision 283): `(partner_id, occurred_at)`
 * with every column a statement's lines sum, so the INSERT…SELECT and the live preview read a
 * partner's month as one index range instead of a heap page per row (a large partner's rows are spread
 * over as many pages as it has rows). It replaces the index of the same key.
 */
export class Migration0004CoveringLedgerIndex extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`create index if not exists statement_entries_partner_covering on statement_entries (partner_id, occurred_at)
      include (kind, origin_at, subject_type, subject_id, quantity, sale_cents, discount_cents, funded_by,
               club_owes_cents, partner_owes_cents, without_sale_amount, label)`);
    this.addSql('drop index if exists statement_entries_partner');
  }
}
