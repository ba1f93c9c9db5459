import { OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox and inbox every service has, and the wallet's own tables (issue 29):
 * - `wallet_passes`: one row per voucher a pass was ever issued for (Apple or Google), with the
 *   voucher as last seen (a deleted voucher's pass is still served, voided) and its change sequence:
 *   every change of the voucher takes the next number of `wallet_pass_changes`, which is the
 *   PassKit web service's "updated since" tag and, with `changed_at`, the pass's Last-Modified.
 * - `wallet_registrations`: the devices that asked to hear of a pass (Apple's register call), with
 *   the push token the device sent; the latest token of a device replaces its older ones.
 */
export class Migration0001Initial extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
    this.addSql(`create sequence wallet_pass_changes`);
    this.addSql(`create table wallet_passes (
      qr_code_id uuid primary key,
      change_seq bigint not null default nextval('wallet_pass_changes'),
      changed_at timestamptz not null default date_trunc('second', now()),
      change_reason text not null default 'issued',
      voucher jsonb not null,
      deleted_at timestamptz,
      apple_issued_at timestamptz,
      google_issued_at timestamptz,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create table wallet_registrations (
      device_library_id text not null,
      pass_type_id text not null,
      qr_code_id uuid not null references wallet_passes (qr_code_id) on delete cascade,
      push_token text not null,
      created_at timestamptz not null default now(),
      primary key (device_library_id, pass_type_id, qr_code_id)
    )`);
    // The pushes of one pass's change read its devices by pass.
    this.addSql(`create index wallet_registrations_by_pass on wallet_registrations (qr_code_id)`);
  }
}
