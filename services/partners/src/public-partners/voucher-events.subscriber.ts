import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber, Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { PartnerOfferStatsRepository } from './partner-offer-stats.repository';

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

  constructor(private readonly stats: PartnerOfferStatsRepository) {}

  readonly handlers = {
    'vouchers.voucher.created.v1': async (event: DomainEvent<'vouchers.voucher.created.v1'>, tx: Tx) => {
      await this.stats.assign(tx, event.payload, event.payload.partnerIds, event.occurredAt);
    },
    'vouchers.voucher.assigned.v1': async (event: DomainEvent<'vouchers.voucher.assigned.v1'>, tx: Tx) => {
      await this.stats.assign(tx, event.payload, event.payload.partnerIds, event.occurredAt);
    },
    'vouchers.voucher.unassigned.v1': async (
      event: DomainEvent<'vouchers.voucher.unassigned.v1'>,
      tx: Tx,
    ) => {
      await this.stats.remove(tx, event.payload.qrCodeId, event.payload.partnerIds, event.occurredAt);
    },
    'vouchers.voucher.redeemed.v1': async (event: DomainEvent<'vouchers.voucher.redeemed.v1'>, tx: Tx) => {
      await this.stats.updateCode(tx, event.payload);
    },
    'vouchers.voucher.deleted.v1': async (event: DomainEvent<'vouchers.voucher.deleted.v1'>, tx: Tx) => {
      const { qrCodeId, partnerIds } = event.payload;
      await this.stats.remove(tx, qrCodeId, partnerIds, event.occurredAt);
      // Rows of partners the event does not list (none expected) go too: the code no longer exists.
      await this.stats.removeCode(tx, qrCodeId, event.occurredAt);
    },
  };
}
