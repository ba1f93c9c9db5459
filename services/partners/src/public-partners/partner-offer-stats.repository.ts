import type { EventPayload } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PartnerOfferStat } from './partner-offer-stat.entity';

type Snapshot = EventPayload<'vouchers.voucher.assigned.v1'>;

/**
 * partner_offer_stats: the read model behind GET /api/public/partners. Writes take the event
 * consumer's transaction (`tx`), so a change commits with its row in processed_events.
 */
@Injectable()
export class PartnerOfferStatsRepository {
  constructor(private readonly em: EntityManager) {}

  listForPartners(partnerIds: string[]): Promise<PartnerOfferStat[]> {
    if (!partnerIds.length) return Promise.resolve([]);
    return this.em.find(PartnerOfferStat, { partnerId: { $in: partnerIds }, removedAt: null });
  }

  /**
   * (code, partner) rows with the code as it stands: usage only grows, and an assignment older than a
   * removal's tombstone leaves the tombstone.
   */
  async assign(
    tx: EntityManager,
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
      tx,
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
  async remove(tx: EntityManager, qrCodeId: string, partnerIds: string[], occurredAt: string): Promise<void> {
    if (!partnerIds.length) return;
    const values = partnerIds.map(() => '(?, ?, 1, ?)').join(', ');
    await run(
      tx,
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

  /** Every row of the code takes its usage (the largest count seen wins), limit, expiry and state. */
  async updateCode(tx: EntityManager, code: Omit<Snapshot, 'partnerIds'>): Promise<void> {
    await run(
      tx,
      `update partner_offer_stats
          set usage_count = greatest(usage_count, ?), usage_limit = ?, expiration_date = ?, is_active = ?
        where qr_code_id = ?`,
      [code.usageCount, code.usageLimit, code.expirationDate, code.isActive, code.qrCodeId],
    );
  }

  /** Every row of a partner (it was deleted), in the caller's transaction. */
  async removePartner(tx: EntityManager, partnerId: string): Promise<void> {
    await tx.nativeDelete(PartnerOfferStat, { partnerId });
  }

  /** A tombstone on every row of the code (it was deleted). */
  async removeCode(tx: EntityManager, qrCodeId: string, occurredAt: string): Promise<void> {
    await run(
      tx,
      'update partner_offer_stats set removed_at = greatest(removed_at, ?) where qr_code_id = ?',
      [occurredAt, qrCodeId],
    );
  }
}

function run(tx: EntityManager, sql: string, params: unknown[]): Promise<unknown> {
  return tx.getConnection().execute(sql, params, 'run', tx.getTransactionContext());
}
