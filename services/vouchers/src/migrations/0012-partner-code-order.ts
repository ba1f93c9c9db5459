import { Migration } from '@mikro-orm/migrations';

/**
 * A partner's codes in the list's order, read from its own assignment rows (issue 24's picker bench:
 * a partner assigned a 100,000-code batch made 400 days ago took 2.1 s to list, walking every newer
 * code of the platform first). Each assignment row carries its code's creation time
 * (`code_created_at`, qr_codes.created_at, which never changes), filled on insert by a trigger that
 * fires even in replica mode (a bulk import by SQL), unless the writer gives it (a batch made for a
 * partner: QrCodesRepository.insertCopies). Indexes: the partner's active rows newest first
 * (qr_code_partners_partner_order_index), and the codes made for a vendor newest first (replacing the
 * plain vendor_id index, whose lookups the new one serves too). Builds both indexes under a lock on
 * the two tables (writes wait: seconds at a million codes).
 */
export class Migration0012PartnerCodeOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table qr_code_partners add column code_created_at timestamptz');
    this.addSql(`update qr_code_partners p set code_created_at = q.created_at
                   from qr_codes q where q.id = p.qr_code_id`);
    this.addSql(`create function qr_code_partners_code_created_at() returns trigger
      language plpgsql set search_path from current as $$
      begin
        if new.code_created_at is null then
          select q.created_at into new.code_created_at from qr_codes q where q.id = new.qr_code_id;
        end if;
        return new;
      end $$`);
    this.addSql(`create trigger qr_code_partners_code_created_at before insert on qr_code_partners
      for each row execute function qr_code_partners_code_created_at()`);
    this.addSql('alter table qr_code_partners enable always trigger qr_code_partners_code_created_at');
    this.addSql(`create index qr_code_partners_partner_order_index
      on qr_code_partners (partner_id, code_created_at desc, qr_code_id desc) where is_active`);
    this.addSql(
      'create index qr_codes_vendor_id_created_at_index on qr_codes (vendor_id, created_at desc, id desc)',
    );
    this.addSql('drop index if exists qr_codes_vendor_id_index');
  }
}
