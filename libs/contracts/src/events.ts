import { z } from 'zod';

/**
 * Domain events published through each service's transactional outbox onto JetStream.
 * Every event name is tied to the zod schema of its payload; publishers and consumers go through
 * the generic helpers in @avpass/platform, which validate against this map.
 * Frozen once deployed: a changed payload gets a new name with the next version suffix.
 */
/** What the partners read model keeps of a code (GET /api/public/partners counts). */
const voucherSnapshot = z.object({
  qrCodeId: z.string().uuid(),
  /** 'YYYY-MM-DD' or null (never expires). */
  expirationDate: z.string().nullable(),
  usageCount: z.number().int().nonnegative(),
  usageLimit: z.number().int().positive(),
  isActive: z.boolean(),
});

export const EVENTS = {
  'partners.partner.deleted.v1': z.object({
    partnerId: z.string().uuid(),
    name: z.string(),
    deletedAt: z.string().datetime(),
  }),
  /** A code was created singly (bulk batches send vouchers.batch.created.v1); no partners yet. */
  'vouchers.voucher.created.v1': voucherSnapshot.extend({ partnerIds: z.array(z.string().uuid()) }),
  /**
   * A bulk batch of `count` codes was created, none assigned to a partner. One event per batch, not
   * one per code: a 100,000-code batch would otherwise put 100,000 events through the outbox.
   */
  'vouchers.batch.created.v1': z.object({
    batchId: z.string().uuid(),
    batchName: z.string(),
    count: z.number().int().positive(),
  }),
  'vouchers.voucher.deleted.v1': z.object({
    qrCodeId: z.string().uuid(),
    partnerIds: z.array(z.string().uuid()),
  }),
  /** Partners newly assigned to a code, with the code as it stands. */
  'vouchers.voucher.assigned.v1': voucherSnapshot.extend({ partnerIds: z.array(z.string().uuid()).min(1) }),
  'vouchers.voucher.unassigned.v1': z.object({
    qrCodeId: z.string().uuid(),
    partnerIds: z.array(z.string().uuid()).min(1),
  }),
  /** usageCount after this redemption; consumers keep the largest seen (events may arrive out of order). */
  'vouchers.voucher.redeemed.v1': voucherSnapshot.extend({
    redemptionId: z.string().uuid(),
    redeemedAt: z.string().datetime(),
  }),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

/** What a consumer receives: the payload plus the envelope the outbox wrote. */
export interface DomainEvent<N extends EventName = EventName> {
  id: string;
  name: N;
  occurredAt: string;
  payload: EventPayload<N>;
}
