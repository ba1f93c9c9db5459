import { Migration } from '@mikro-orm/migrations';

/**
 * Reversals are rows (issue 38, decision 231): a cancel appends a row to redemption_reversals (who,
 * when, why; -1) instead of only flipping its redemption and clamping the code's count, so a code's
 * usage_count is the signed sum of its rows (+1 per redemption, -1 per reversal), which
 * `npm run stats:rebuild` checks. A redemption is reversed at most once (unique redemption_id). The
 * redemption's status and cancel columns stay, written by the same statement, for the lists that read
 * them. Every redemption cancelled before this migration gets its reversal row from those columns.
 */
export class Migration0026RedemptionReversals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table redemption_reversals (
      id uuid primary key default gen_random_uuid(),
      redemption_id uuid not null unique references redemptions (id) on delete cascade,
      qr_code_id uuid not null references qr_codes (id) on delete cascade,
      delta smallint not null default -1 check (delta = -1),
      reversed_at timestamptz not null,
      reversed_by text not null,
      reversed_by_user_id uuid,
      reason text not null)`);
    this.addSql('create index redemption_reversals_qr_code_id_index on redemption_reversals (qr_code_id)');
    this.addSql(`insert into redemption_reversals (redemption_id, qr_code_id, reversed_at, reversed_by,
                                                   reversed_by_user_id, reason)
      select r.id, r.qr_code_id, coalesce(r.cancelled_at, r.redeemed_at), coalesce(r.cancelled_by, ''),
             r.cancelled_by_user_id, coalesce(r.cancel_reason, '')
        from redemptions r where r.status = 'cancelled'`);
  }
}
