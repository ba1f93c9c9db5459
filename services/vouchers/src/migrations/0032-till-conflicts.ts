import { Migration } from '@mikro-orm/migrations';

/**
 * "Needs attention" (issue 43, decision 366): a till's redemption kept offline and refused when it
 * reached the server (any refusal: used up meanwhile, the member's cap taken at another till, …) is
 * recorded once, for the administrator and that partner's till to see and mark handled. What the till
 * sent (code, scan time, sale amount), where and by whom, why it was refused (the refusal word, the
 * English sentence, its message code and values), the holder if the code had one.
 * Listed newest first by keyset: every till's (created_at desc, id desc), one partner's (partner_id,
 * created_at desc, id desc).
 */
export class Migration0032TillConflicts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table till_conflicts (
      id uuid primary key,
      qr_code_id uuid not null,
      partner_id uuid,
      partner_name text,
      staff_user_id uuid,
      staff_name text not null,
      scanned_at timestamptz not null,
      transaction_amount integer,
      refusal text not null,
      reason text not null,
      reason_code text,
      reason_params jsonb,
      member_id uuid,
      created_at timestamptz not null,
      handled_at timestamptz,
      handled_by text,
      handled_by_user_id uuid)`);
    this.addSql(`create index till_conflicts_order_index on till_conflicts (created_at desc, id desc)`);
    this.addSql(
      `create index till_conflicts_partner_order_index on till_conflicts (partner_id, created_at desc, id desc)`,
    );
  }
}
