import { Migration } from '@mikro-orm/migrations';

/**
 * Every change of a qr_codes row raises its `version` (migration 20261204 added the column): a BEFORE
 * UPDATE row trigger, so no writer can forget it or set it back, and the statement that changes the row
 * (a redeem, a cancel, an assignment) reads the new version in its RETURNING. The voucher events carry
 * it, so a consumer keeps the newest state of a code (newerVoucherState in @avpass/contracts), not the
 * greatest count (a cancel makes usage_count go down). Enabled always: an import in replica mode
 * raises it too. And an index of the cancelled redemptions, which the redemption lists count.
 */
export class Migration0014CodeVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function qr_codes_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end $$`);
    this.addSql(`create trigger qr_codes_version before update on qr_codes
      for each row execute function qr_codes_version()`);
    this.addSql('alter table qr_codes enable always trigger qr_codes_version');
    // The few cancelled redemptions (the lists' totals add them to the tallies' completed count).
    this.addSql(
      `create index redemptions_cancelled_index on redemptions (qr_code_id) where status = 'cancelled'`,
    );
  }
}
