import type { Actor } from '@avpass/contracts';
import { column, SqlEventWriter } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { visibleCodesSql } from '../codes/code-visibility';
import type { RedemptionRecord } from './redemption-view';

/** The columns of a redemption the undo and its answer read. */
const RECORD_COLUMNS = `r.id, r.qr_code_id, r.redeemed_at, r.scanned_at, r.redeemed_by, r.redeemed_by_user_id, r.channel,
  r.partner_id, r.partner_name, r.transaction_amount, r.discount_applied, r.status, r.cancelled_at,
  r.cancelled_by, r.cancel_reason`;

export interface CancelInput {
  redemptionId: string;
  /** When (the service's clock), by whom (a name) and why. */
  at: string;
  cancelledBy: string;
  cancelledByUserId: string | null;
  reason: string;
  /** BUSINESS_TIMEZONE: the redemption's own business day is the one its -1 is counted on. */
  timeZone: string;
}

/**
 * The undo is ONE statement, so it is atomic without a transaction round trip, like the redeem
 * (services/vouchers/src/redeem/redemptions.repository.ts). It first locks the code row (FOR NO KEY
 * UPDATE, as the redeem's UPDATE does), so a cancel and a redeem of one code take their row locks in
 * the same order and queue one behind the other on every instance; then it marks the redemption
 * cancelled only if it is still completed (a second cancel, waiting on the code row, finds it
 * cancelled and changes nothing); from that row: the use goes back to the code (never below zero),
 * the dashboards' tallies get a -1 (pending_tallies, delta -1, the redemption's business day and
 * amounts, the code's partners as they are now, which every assignment change has moved its
 * redemptions to) and the outbox gets vouchers.redemption.cancelled.v1 with the code's new version.
 */
const cancelSql = (event: string) => `with locked as (
    select q.id from qr_codes q
     where q.id = (select r0.qr_code_id from redemptions r0 where r0.id = ?::uuid)
       for no key update
  ), cancelled as (
    update redemptions r
       set status = 'cancelled', cancelled_at = ?::timestamptz, cancelled_by = ?, cancelled_by_user_id = ?::uuid,
           cancel_reason = ?
      from locked l
     where r.id = ?::uuid and r.qr_code_id = l.id and r.status = 'completed'
    returning r.*
  ), code as (
    update qr_codes q set usage_count = greatest(q.usage_count - 1, 0)
      from cancelled c where q.id = c.qr_code_id
    returning q.id, q.usage_count, q.usage_limit, q.version, q.partner_ids, q.clinic_name, q.batch_id
  ), done as (
    select c.id as redemption_id, c.partner_id, c.redeemed_at, c.transaction_amount, c.discount_applied,
           q.id, q.usage_count, q.usage_limit, q.version, q.partner_ids, q.clinic_name, q.batch_id
      from cancelled c join code q on q.id = c.qr_code_id
  ), tally as (
    insert into pending_tallies (day, partner_ids, clinic_name, batch_id, delta, qr_code_id, redeemed_at,
                                 transaction_amount, discount_applied)
    select (d.redeemed_at at time zone ?)::date, d.partner_ids, d.clinic_name, d.batch_id, -1, d.id, d.redeemed_at,
           d.transaction_amount, d.discount_applied
      from done d
  ), event as (
    ${event}
  )
  select ${RECORD_COLUMNS}, event.payload as "eventPayload"
    from cancelled r, event`;

/** Redemptions as the undo reads and changes them. */
@Injectable()
export class RedemptionUndoRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly events: SqlEventWriter,
  ) {}

  /**
   * The redemption, read past the request's identity map, with whether the actor can see it at all
   * (its code is visible to the actor, or it was made at the actor's partner); null: no such id.
   */
  async find(id: string, actor: Actor): Promise<(RedemptionRecord & { visible: boolean }) | null> {
    const visible = visibleCodesSql(actor);
    const rows: (RedemptionRecord & { visible: boolean })[] = await this.em.fork().execute(
      `select ${RECORD_COLUMNS}, (coalesce(r.partner_id = ?::uuid, false) or ${visible.sql}) as visible
         from redemptions r join qr_codes q on q.id = r.qr_code_id
        where r.id = ?::uuid`,
      [actor.companyId ?? null, ...visible.params, id],
    );
    return rows[0] ?? null;
  }

  /** Cancels a completed redemption (see cancelSql); null when it was not completed (nothing changed). */
  async cancel(input: CancelInput): Promise<RedemptionRecord | null> {
    const event = this.events.insertFrom(
      'vouchers.redemption.cancelled.v1',
      'done',
      {
        redemptionId: column('redemption_id'),
        qrCodeId: column('id'),
        usageCount: column('usage_count'),
        usageLimit: column('usage_limit'),
        version: column('version'),
        partnerId: column('partner_id'),
        cancelledAt: input.at,
        cancelledBy: input.cancelledBy,
        reason: input.reason,
      },
      input.at,
    );
    const rows: (RedemptionRecord & { eventPayload: unknown })[] = await this.em
      .fork()
      .getConnection()
      .execute(
        cancelSql(event.sql),
        [
          input.redemptionId,
          input.at,
          input.cancelledBy,
          input.cancelledByUserId,
          input.reason,
          input.redemptionId,
          input.timeZone,
          ...event.params,
        ],
        'all',
      );
    event.written(rows.map((r) => r.eventPayload));
    const row = rows[0];
    if (!row) return null;
    const { eventPayload: _payload, ...record } = row;
    return record;
  }
}
