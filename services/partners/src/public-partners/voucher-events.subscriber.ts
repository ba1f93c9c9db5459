import type { DomainEvent, EventPayload } from '@avpass/contracts';
import type { EventSubscriber } from '@avpass/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

type Snapshot = EventPayload<'vouchers.voucher.assigned.v1'>;

/**
 * Keeps partner_offer_stats (what GET /api/public/partners counts) in step with the vouchers service:
 * one row per (code, partner) with the code's expiry, usage and limit. Usage only grows: the largest
 * count seen wins, so a late or repeated event never lowers it.
 */
@Injectable()
export class VoucherEventsSubscriber implements EventSubscriber {
  readonly consumerName = 'partners';

  readonly handlers = {
    'vouchers.voucher.created.v1': async (
      event: DomainEvent<'vouchers.voucher.created.v1'>,
      em: EntityManager,
    ) => {
      await upsert(em, event.payload, event.payload.partnerIds);
    },
    'vouchers.voucher.assigned.v1': async (
      event: DomainEvent<'vouchers.voucher.assigned.v1'>,
      em: EntityManager,
    ) => {
      await upsert(em, event.payload, event.payload.partnerIds);
    },
    'vouchers.voucher.unassigned.v1': async (
      event: DomainEvent<'vouchers.voucher.unassigned.v1'>,
      em: EntityManager,
    ) => {
      const { qrCodeId, partnerIds } = event.payload;
      await run(
        em,
        `delete from partner_offer_stats where qr_code_id = ? and partner_id in (${partnerIds.map(() => '?').join(', ')})`,
        [qrCodeId, ...partnerIds],
      );
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
      await run(em, 'delete from partner_offer_stats where qr_code_id = ?', [event.payload.qrCodeId]);
    },
  };
}

async function upsert(
  em: EntityManager,
  code: Omit<Snapshot, 'partnerIds'>,
  partnerIds: string[],
): Promise<void> {
  if (!partnerIds.length) return;
  const values = partnerIds.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
  const params = partnerIds.flatMap((partnerId) => [
    code.qrCodeId,
    partnerId,
    code.expirationDate,
    code.usageCount,
    code.usageLimit,
    code.isActive,
  ]);
  await run(
    em,
    `insert into partner_offer_stats (qr_code_id, partner_id, expiration_date, usage_count, usage_limit, is_active)
     values ${values}
     on conflict (qr_code_id, partner_id) do update
        set expiration_date = excluded.expiration_date,
            usage_count = greatest(partner_offer_stats.usage_count, excluded.usage_count),
            usage_limit = excluded.usage_limit,
            is_active = excluded.is_active`,
    params,
  );
}

function run(em: EntityManager, sql: string, params: unknown[]): Promise<unknown> {
  return em.getConnection().execute(sql, params, 'run', em.getTransactionContext());
}
