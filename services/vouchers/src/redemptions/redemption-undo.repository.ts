import type { Actor, RpcMeta } from '@avpass/contracts';
import { businessDaySql } from '@avpass/domain';
import {
  AuditTrail,
  column,
  runRecordedStatement,
  SqlEventWriter,
  type Tx,
  type AuditSqlInsert,
} from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { giveUseBackSql } from '../codes';
import { giveMemberDayBackSql, giveMemberUseBackSql } from '../holders';
import { queuePendingTallySql } from '../tallies';
import { visibleCodesSql, TALLIED_PARTNERS } from '../codes';
import type { RedemptionRecord } from './redemption-view';

/** The columns of a redemption the undo and its answer read. */
const RECORD_COLUMNS = `r.id, r.qr_code_id, r.redeemed_at, r.scanned_at, r.redeemed_by, r.redeemed_by_user_id, r.channel,
  r.partner_id, r.partner_name, r.transaction_amount, r.discount_applied, r.status, r.cancelled_at,
  r.cancelled_by, r.cancel_reason, r.funded_by, r.reimbursement_cents, r.no_sale_amount`;

export interface CancelInput {
  redemptionId: string;
  /** When (the service's clock), by whom (a name) and why. */
  at: string;
  cancelledBy: string;
  cancelledByUserId: string | null;
  reason: string;
  /** BUSINESS_TIMEZONE: the redemption's own business day is the one its -1 is counted on. */
  timeZone: string;
  /** The request: the audit entry's who and from where (issue 26). */
  meta?: RpcMeta | null;
}

/**
 * The undo is ONE statement, so it is atomic without a transaction round trip, like the redeem
 * (redemptions.repository.ts, beside it). It first locks the code row (FOR NO KEY
 * UPDATE, as the redeem's UPDATE does), so a cancel and a redeem of one code take their row locks in
 * the same order and queue one behind the other on every instance; then it marks the redemption
 * cancelled only if it is still completed (a second cancel, waiting on the code row, finds it
 * cancelled and changes nothing) and appends its reversal row (redemption_reversals, -1: who, when,
 * why; decision 231); from that row: the use goes back to the code, unclamped (usage_count is the
 * signed sum of the code's rows; a count that would go below zero breaks its check and fails loudly),
 * the holder's per-member counter gets its use back (member_uses, decision 322) and so does the holder's
 * day under the daily cap (member_day_uses, issue 43), the dashboards' tallies get a -1 (pending_tallies, delta -1, the redemption's business day and
 * amounts, the partners TALLIED_PARTNERS names as the code is now, which every assignment change has moved its
 * redemptions to) and the outbox gets vouchers.redemption.cancelled.v1 with the code's new version.
 */
const cancelSql = (event: string, audit: AuditSqlInsert) => `with locked as (
    select q.id, q.usage_count from qr_codes q
     where q.id = (select r0.qr_code_id from redemptions r0 where r0.id = ?::uuid)
       for no key update
  ), cancelled as (
    update redemptions r
       set status = 'cancelled', cancelled_at = ?::timestamptz, cancelled_by = ?, cancelled_by_user_id = ?::uuid,
           cancel_reason = ?
      from locked l
     where r.id = ?::uuid and r.qr_code_id = l.id and r.status = 'completed'
    returning r.*
  ), reversal as (
    insert into redemption_reversals (redemption_id, qr_code_id, reversed_at, reversed_by, reversed_by_user_id, reason)
    select c.id, c.qr_code_id, c.cancelled_at, c.cancelled_by, c.cancelled_by_user_id, c.cancel_reason
      from cancelled c
    returning qr_code_id
  ), code as (
    ${giveUseBackSql('reversal', 'q.id, q.usage_count, q.usage_limit, q.version, q.partner_ids, q.clinic_name, q.batch_id, q.vendor_id')}
  ), member_use as (
    ${giveMemberUseBackSql(`(select c.member_id, c.member_period_start, q.holder_source as limit_group
                               from cancelled c join qr_codes q on q.id = c.qr_code_id)`)}
  ), member_day as (
    ${giveMemberDayBackSql('(select c.member_id as held_by, c.member_day as held_day from cancelled c)')}
  ), done as (
    select c.id as redemption_id, c.partner_id, c.channel, c.redeemed_at, c.transaction_amount, c.discount_applied,
           c.cancel_reason, c.funded_by, c.reimbursement_cents, c.no_sale_amount, q.id, q.usage_count, q.usage_limit, q.version, q.partner_ids, q.clinic_name,
           q.batch_id, q.vendor_id
      from cancelled c join code q on q.id = c.qr_code_id
  ), tally as (
    ${queuePendingTallySql(`select ${businessDaySql('d.redeemed_at')}, ${TALLIED_PARTNERS('d', 'd')}, d.clinic_name, d.batch_id, -1, d.id, d.redeemed_at,
           d.transaction_amount, d.discount_applied
      from done d`)}
  ), event as (
    ${event}
  ), ${audit.ctes}
  select ${RECORD_COLUMNS}, event.payload as "eventPayload", ${audit.payloads} as "auditPayloads"
    from cancelled r, event`;

/**
 * The cancel's audit entry (issue 26), from the same statement: the redemption completed → cancelled
 * with its reason, and the code's use given back. Its source is `done d, locked l` (one row when it
 * cancelled), about the till's partner (the redemption's), else the code's vendor.
 */
const CANCEL_CHANGES = `jsonb_build_object(
    'status', jsonb_build_object('before', 'completed', 'after', 'cancelled'),
    'reason', jsonb_build_object('before', null::text, 'after', d.cancel_reason),
    'usageCount', jsonb_build_object('before', l.usage_count, 'after', d.usage_count),
    'redemptionId', jsonb_build_object('before', d.redemption_id, 'after', d.redemption_id))`;

/** Redemptions as the undo reads and changes them. */
@Injectable()
export class RedemptionUndoRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly events: SqlEventWriter,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * The redemption, read past the request's identity map (in `tx`: as that transaction sees it), with whether the actor can see it at all
   * (its code is visible to the actor, or it was made at the actor's partner); null: no such id.
   */
  async find(
    id: string,
    actor: Actor,
    tx: Tx = this.em.fork(),
  ): Promise<(RedemptionRecord & { visible: boolean }) | null> {
    const visible = visibleCodesSql(actor);
    const rows: (RedemptionRecord & { visible: boolean })[] = await tx.execute(
      `select ${RECORD_COLUMNS}, (coalesce(r.partner_id = ?::uuid, false) or ${visible.sql}) as visible
         from redemptions r join qr_codes q on q.id = r.qr_code_id
        where r.id = ?::uuid`,
      [actor.companyId ?? null, ...visible.params, id],
    );
    return rows[0] ?? null;
  }

  /**
   * Cancels a completed redemption (see cancelSql) in the caller's transaction; null when it was not
   * completed (nothing changed).
   */
  async cancel(tx: Tx, input: CancelInput): Promise<RedemptionRecord | null> {
    const event = this.events.writeEventsFrom(
      'vouchers.redemption.cancelled.v1',
      'done',
      {
        redemptionId: column('redemption_id'),
        qrCodeId: column('id'),
        usageCount: column('usage_count'),
        usageLimit: column('usage_limit'),
        version: column('version'),
        partnerId: column('partner_id'),
        // What the redemption froze when it was made (issue 39): a statement takes it back.
        batchId: column('batch_id'),
        fundedBy: column('funded_by'),
        saleCents: column('transaction_amount'),
        discountCents: column('discount_applied'),
        reimbursementCents: column('reimbursement_cents'),
        noSaleAmount: column('no_sale_amount'),
        redeemedAt: column(`to_char(redeemed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
        cancelledAt: input.at,
        cancelledBy: input.cancelledBy,
        reason: input.reason,
      },
      input.at,
    );
    const audit = this.audit.appendEntriesFrom(
      input.meta,
      'done d, locked l',
      {
        action: 'vouchers.redemption.cancelled',
        targetType: 'voucher',
        targetId: column('d.id'),
        companyId: column('coalesce(d.partner_id, d.vendor_id)'),
        changes: column(CANCEL_CHANGES),
      },
      { at: input.at },
    );
    return runRecordedStatement<RedemptionRecord>(
      tx,
      cancelSql(event.sql, audit),
      [
        input.redemptionId,
        input.at,
        input.cancelledBy,
        input.cancelledByUserId,
        input.reason,
        input.redemptionId,
        input.timeZone,
      ],
      event,
      audit,
    );
  }
}
