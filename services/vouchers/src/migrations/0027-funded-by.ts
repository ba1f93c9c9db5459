import { Migration } from '@mikro-orm/migrations';

/**
 * Who pays for a discount (issue 39, decision 268). Every code carries `funded_by` (`club`: the club
 * reimburses the partner that honoured it; `partner`: the shop's own marketing), and voucher_settings
 * the club-wide default of new codes sent without one (`partner`: until now nobody was reimbursed).
 * Each redemption freezes, in the redeem's one statement, the code's `funded_by` then, what the club
 * owes for it (`reimbursement_cents`, integer cents like transaction_amount and discount_applied) and
 * `no_sale_amount` (the discount's cents were unknown: no sale amount sent, not a fixed discount).
 *
 * Both tables hold millions of rows: a column with a constant default is added without rewriting the
 * table (PostgreSQL 11+), and the checks are NOT VALID so adding them does not scan it while holding
 * the lock (every existing row has the default, which passes; every insert and update is checked), as
 * migration 0009 did. Existing codes and redemptions read `partner` with nothing owed.
 */
export class Migration0027FundedBy extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table qr_codes add column funded_by text not null default 'partner'`);
    this.addSql(`alter table qr_codes add constraint qr_codes_funded_by_check
      check (funded_by in ('club', 'partner')) not valid`);
    this.addSql(`alter table redemptions
      add column funded_by text not null default 'partner',
      add column reimbursement_cents integer not null default 0,
      add column no_sale_amount boolean not null default false`);
    this.addSql(`alter table redemptions add constraint redemptions_funded_by_check
      check (funded_by in ('club', 'partner')) not valid`);
    this.addSql(`alter table redemptions add constraint redemptions_reimbursement_cents_check
      check (reimbursement_cents >= 0 and (funded_by = 'club' or reimbursement_cents = 0)) not valid`);
    this.addSql(`alter table voucher_settings add column default_funded_by text not null default 'partner'
      check (default_funded_by in ('club', 'partner'))`);
  }
}
