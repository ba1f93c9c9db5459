import type { DomainEvent, EventPayload } from '@avpass/contracts';
import type { EventSubscriber } from '@avpass/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

type Snapshot = EventPayload<'vouchers.voucher.assigned.v1'>;

/**
 * Keeps partner_offer_stats (what GET /api/public/partners counts) in step with the vouchers service:
 * one row per (code, partner) with the code's expiry, usage and limit. Events of different types may
 * be applied out of order (one consumer per type), so:
 * - usage only grows: the largest count seen wins, so a late or repeated event never lowers it;
 * - a removal (unassigned, deleted) leaves a tombstone with its time, and an assignment older than
 *   that tombstone does not bring the row back; a newer one does.
 */
@Injectable()
export class VoucherEventsSubscriber implements EventSubscriber {
  readonly consumerName = 'partners';

  readonly handlers = {
    'vouchers.voucher.created.v1': async (
      event: DomainEvent<'vouchers.voucher.created.v1'>,
      em: EntityManager,
    ) => {
      await upsert(em, event.payload, event.payload.partnerIds, event.occurredAt);
    },
    'vouchers.voucher.assigned.v1': async (
      event: DomainEvent<'vouchers.voucher.assigned.v1'>,
      em: EntityManager,
    ) => {
      await upsert(em, event.payload, event.payload.partnerIds, event.occurredAt);
    },
    'vouchers.voucher.unassigned.v1': async (
      event: DomainEvent<'vouchers.voucher.unassigned.v1'>,
      em: EntityManager,
    ) => {
      await remove(em, event.payload.qrCodeId, event.payload.partnerIds, event.occurredAt);
    },
    'vouchers.voucher.redeemed.v1': async (
      event: DomainEvent<'vouchers.voucher.redeemed.v1'>,
      em: EntityManager,
    ) => {
      const p = event.payload;
      await run(
        em,
        `update partner_offer_stats
            set usage_count = greatest(usage_count, ?), usage_limit = ?, expiration_date = ?, is_active = ?
          where qr_code_id = ?`,
        [p.usageCount, p.usageLimit, p.expirationDate, p.isActive, p.qrCodeId],
      );
    },
    'vouchers.voucher.deleted.v1': async (
      event: DomainEvent<'vouchers.voucher.deleted.v1'>,
      em: EntityManager,
    ) => {
      const { qrCodeId, partnerIds } = event.payload;
      await remove(em, qrCodeId, partnerIds, event.occurredAt);
      // Rows of partners the event does not list (none expected) go too: the code no longer exists.
      await run(
        em,
        'update partner_offer_stats set removed_at = greatest(removed_at, ?) where qr_code_id = ?',
        [event.occurredAt, qrCodeId],
      );
    },
  };
}

async function upsert(
  em: EntityManager,
  code: Omit<Snapshot, 'partnerIds'>,
  partnerIds: string[],
  occurredAt: string,
): Promise<void> {
  if (!partnerIds.length) return;
  const values = partnerIds.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
  const params = partnerIds.flatMap((partnerId) => [
    code.qrCodeId,
    partnerId,
    code.expirationDate,
    code.usageCount,
    code.usageLimit,
    code.isActive,
    occurredAt,
  ]);
  await run(
    em,
    `insert into partner_offer_stats
       (qr_code_id, partner_id, expiration_date, usage_count, usage_limit, is_active, assigned_at)
     values ${values}
     on conflict (qr_code_id, partner_id) do update
        set expiration_date = excluded.expiration_date,
            usage_count = greatest(partner_offer_stats.usage_count, excluded.usage_count),
            usage_limit = excluded.usage_limit,
            is_active = excluded.is_active,
            assigned_at = greatest(partner_offer_stats.assigned_at, excluded.assigned_at),
            -- a newer assignment revives a removed row; an older one leaves the tombstone
            removed_at = case
              when partner_offer_stats.removed_at is not null and partner_offer_stats.removed_at < excluded.assigned_at
                then null
              else partner_offer_stats.removed_at
            end`,
    params,
  );
}

/** Tombstones for (code, partner): kept even when the assignment has not been seen yet. */
async function remove(
  em: EntityManager,
  qrCodeId: string,
  partnerIds: string[],
  occurredAt: string,
): Promise<void> {
  if (!partnerIds.length) return;
  const values = partnerIds.map(() => '(?, ?, 1, ?)').join(', ');
  await run(
    em,
    `insert into partner_offer_stats (qr_code_id, partner_id, usage_limit, removed_at)
     values ${values}
     on conflict (qr_code_id, partner_id) do update
        set removed_at = case
          when partner_offer_stats.assigned_at is not null and partner_offer_stats.assigned_at > excluded.removed_at
            then partner_offer_stats.removed_at
          else greatest(partner_offer_stats.removed_at, excluded.removed_at)
        end`,
    partnerIds.flatMap((partnerId) => [qrCodeId, partnerId, occurredAt]),
  );
}

function run(em: EntityManager, sql: string, params: unknown[]): Promise<unknown> {
  return em.getConnection().execute(sql, params, 'run', em.getTransactionContext());
}
