import { z } from 'zod';
import { auditEntrySchema } from './audit';
import { FUNDED_BY } from './funded-by';

/**
 * Domain events published through each service's transactional outbox onto JetStream.
 * Every event name is tied to the zod schema of its payload; publishers and consumers go through
 * the generic helpers in @avpass/platform, which validate against this map.
 * Frozen once deployed: a changed payload gets a new name with the next version suffix. Adding an
 * OPTIONAL field is not a change (decision 269): every payload valid before stays valid, and a consumer
 * that does not know the field drops it (schemas are not strict); a new consumer reads its absence as
 * "written before the field existed".
 */
/** What the partners read model keeps of a code (GET /api/public/partners counts). */
const voucherSnapshot = z.object({
  qrCodeId: z.string().uuid(),
  /** 'YYYY-MM-DD' or null (never expires). */
  expirationDate: z.string().nullable(),
  usageCount: z.number().int().nonnegative(),
  usageLimit: z.number().int().positive(),
  isActive: z.boolean(),
  /**
   * The code row's version (qr_codes.version, raised by every change of the row): the state with the
   * greater version is the newer one, whatever order events arrive in (newerVoucherState).
   */
  version: z.number().int().nonnegative(),
});
export type VoucherSnapshot = z.infer<typeof voucherSnapshot>;

/**
 * Which of two states of one code to keep: the incoming one when it is newer (a greater version) than
 * the current one, or there is none yet; else the current one. Events of a code may arrive out of
 * order and more than once; a cancel lowers usageCount, so the greatest count is not the newest state.
 */
/**
 * What a redemption froze when it was made (issue 39), for a partner's statement to keep its own ledger
 * from the events alone. Optional: events written before issue 39 have none of them (decision 269);
 * the vouchers service always writes all of them. Money is integer cents.
 */
const redemptionMoney = {
  /** The partner the redemption was honoured at (null: not known). */
  partnerId: z.string().uuid().nullable().optional(),
  batchId: z.string().uuid().nullable().optional(),
  fundedBy: z.enum(FUNDED_BY).optional(),
  /** The sale before the discount, as the till sent it (null: none sent). */
  saleCents: z.number().int().nonnegative().nullable().optional(),
  /** The discount the till computed from the sale (null: no sale amount). */
  discountCents: z.number().int().nonnegative().nullable().optional(),
  /** What the club owes the partner for it: the discount when the club funds it, else 0. */
  reimbursementCents: z.number().int().nonnegative().optional(),
  /** Club-funded or not, the discount's cents were unknown (no sale amount, not a fixed discount). */
  noSaleAmount: z.boolean().optional(),
};

export function newerVoucherState<T extends Pick<VoucherSnapshot, 'qrCodeId' | 'version'>>(
  current: T | null | undefined,
  incoming: T,
): T {
  if (!current) return incoming;
  if (current.qrCodeId !== incoming.qrCodeId) {
    throw new Error(`newerVoucherState: states of two codes (${current.qrCodeId}, ${incoming.qrCodeId})`);
  }
  return incoming.version > current.version ? incoming : current;
}

/**
 * What an event does besides carrying its payload, declared on its schema in EVENTS (house habit 19)
 * and read with `eventEffectsOf(name)`, so no consumer keeps its own list of event names.
 */
export interface EventEffects {
  /**
   * The event changes which partners a code has: whoever remembers a code's partners forgets them
   * (the gateway's poll versions look them up again). The payload names the code (`qrCodeId`) when it
   * is one code; without it, every remembered code is forgotten.
   */
  changesCodePartners?: true;
  /**
   * The event makes a code. When its payload carries `vendorId` (the owner, null for none) beside
   * `partnerIds`, those are every company that sees the new code: whoever remembers a code's
   * companies takes them from the event rather than asking (a send of 50,000 copies made 50,000 asks).
   */
  namesNewCodeCompanies?: true;
}

const eventEffects = z.registry<EventEffects>();

/** The schema, with its effects recorded (a fresh schema per event: effects belong to the event). */
function withEffects<S extends z.ZodType>(schema: S, effects: EventEffects): S {
  (schema as z.ZodType).register(eventEffects, effects); // register() records it on this very schema
  return schema;
}

export const EVENTS = {
  /** One audit entry (issue 26), written with the change it records; the audit service keeps them all. */
  'audit.entry.recorded.v1': auditEntrySchema,
  'partners.partner.deleted.v1': z.object({
    partnerId: z.string().uuid(),
    name: z.string(),
    deletedAt: z.string().datetime(),
  }),
  /**
   * A partner was deactivated (isActive false) or reactivated. `version` rises with every change of
   * the partner's activation: a consumer keeps the state with the greatest version, whatever order
   * the events arrive in. Identity ends a deactivated partner's staff sessions and refuses their
   * sign-in until it is reactivated (decision 161).
   */
  'partners.partner.status-changed.v1': z.object({
    partnerId: z.string().uuid(),
    isActive: z.boolean(),
    version: z.number().int().positive(),
  }),
  /**
   * A code was created singly (bulk batches send vouchers.batch.created.v1), with the partners it is
   * assigned to as it is made and `vendorId`, its owner (null: none). Every writer sets `vendorId`
   * (added for members' copies, decision 337); it stays optional for events recorded before.
   */
  'vouchers.voucher.created.v1': withEffects(
    voucherSnapshot.extend({
      partnerIds: z.array(z.string().uuid()),
      vendorId: z.string().uuid().nullable().optional(),
    }),
    { namesNewCodeCompanies: true },
  ),
  /**
   * A bulk batch of `count` codes was created, none assigned to a partner. One event per batch, not
   * one per code: a 100,000-code batch would otherwise put 100,000 events through the outbox.
   */
  'vouchers.batch.created.v1': z.object({
    batchId: z.string().uuid(),
    batchName: z.string(),
    count: z.number().int().positive(),
  }),
  'vouchers.voucher.deleted.v1': withEffects(
    z.object({
      qrCodeId: z.string().uuid(),
      partnerIds: z.array(z.string().uuid()),
    }),
    { changesCodePartners: true },
  ),
  /** Partners newly assigned to a code, with the code as it stands. */
  'vouchers.voucher.assigned.v1': withEffects(
    voucherSnapshot.extend({ partnerIds: z.array(z.string().uuid()).min(1) }),
    { changesCodePartners: true },
  ),
  'vouchers.voucher.unassigned.v1': withEffects(
    z.object({
      qrCodeId: z.string().uuid(),
      partnerIds: z.array(z.string().uuid()).min(1),
    }),
    { changesCodePartners: true },
  ),
  /**
   * Codes of a batch (batchId) or a selection were assigned to partners in one call (issue 24): one
   * event for the whole call, not one per code. `assigned` is how many (code, partner) assignments
   * became active, `byPartner` how many of them each partner gained. The landing page's figures are the
   * vouchers service's tallies (asked at read time), so no consumer needs the codes one by one.
   */
  'vouchers.assignment.bulk-assigned.v1': withEffects(
    z.object({
      batchId: z.string().uuid().nullable(),
      partnerIds: z.array(z.string().uuid()).min(1),
      codes: z.number().int().nonnegative(),
      assigned: z.number().int().nonnegative(),
      byPartner: z.array(
        z.object({ partnerId: z.string().uuid(), assigned: z.number().int().nonnegative() }),
      ),
    }),
    { changesCodePartners: true },
  ),
  /**
   * The code after this redemption (usageCount counts it). Events may arrive out of order and a cancel
   * gives a use back: consumers keep the state with the newest `version` (newerVoucherState), never the
   * greatest usageCount.
   */
  'vouchers.voucher.redeemed.v1': voucherSnapshot.extend({
    redemptionId: z.string().uuid(),
    redeemedAt: z.string().datetime(),
    ...redemptionMoney,
    /** What the code is titled after (its custom title, else its partner's name): a statement's line. */
    title: z.string().optional(),
  }),
  /**
   * A redemption was undone (issue 25), once: its use went back to the code in the same statement.
   * usageCount, usageLimit and version are the code's right after it (keep the newest version).
   * partnerId is the partner the redemption was made at (null: not known, e.g. an old row). The money
   * fields are the redemption's as it froze them (issue 39): a statement takes them back.
   */
  'vouchers.redemption.cancelled.v1': z.object({
    redemptionId: z.string().uuid(),
    qrCodeId: z.string().uuid(),
    usageCount: z.number().int().nonnegative(),
    usageLimit: z.number().int().positive(),
    version: z.number().int().nonnegative(),
    cancelledAt: z.string().datetime(),
    cancelledBy: z.string(),
    reason: z.string(),
    ...redemptionMoney,
    partnerId: z.string().uuid().nullable(),
    redeemedAt: z.string().datetime().optional(),
  }),
  /** A credit allocation was created (spec section 3 athlete_credits, amounts in cents). */
  'credits.credit.created.v1': z.object({
    creditId: z.string().uuid(),
    athleteName: z.string(),
    athleteRole: z.string(),
    partnerId: z.string().uuid().nullable(),
    totalAmount: z.number().int(),
    endDate: z.string(),
    createdAt: z.string(),
  }),
  /** A purchase was charged to a credit: balanceAfter is the credit's balance right after it. */
  'credits.transaction.recorded.v1': z.object({
    transactionId: z.string().uuid(),
    creditId: z.string().uuid(),
    partnerId: z.string().uuid().nullable(),
    transactionType: z.string(),
    amount: z.number().int().positive(),
    balanceAfter: z.number().int().nonnegative(),
    recordedAt: z.string(),
    /** The athlete's name as the ledger row keeps it (issue 39: a statement's line names the athlete). */
    athleteName: z.string().optional(),
  }),
  /** A transaction was voided (once): its amount went back to the credit. */
  'credits.transaction.voided.v1': z.object({
    transactionId: z.string().uuid(),
    creditId: z.string().uuid(),
    partnerId: z.string().uuid().nullable(),
    amount: z.number().int().positive(),
    currentBalance: z.number().int().nonnegative(),
    voidedAt: z.string(),
    reason: z.string(),
    athleteName: z.string().optional(),
  }),
  /**
   * A partner reported a new used quantity of merchandise allocated to it (issue 39): `quantityDelta`
   * units more (or, a lowered report, fewer) at `unitPriceCents`, the allocation's partner price or else
   * the item's, as it was when reported. What the partner owes the club for it is the product.
   */
  'inventory.allocation.usage-reported.v1': z.object({
    reportId: z.string().uuid(),
    allocationId: z.string().uuid(),
    partnerId: z.string().uuid(),
    merchInventoryId: z.string().uuid(),
    merchItemId: z.string().uuid(),
    itemName: z.string(),
    sku: z.string(),
    size: z.string(),
    color: z.string().nullable(),
    quantityDelta: z.number().int(),
    usedQuantity: z.number().int().nonnegative(),
    unitPriceCents: z.number().int().nonnegative(),
    reportedAt: z.string().datetime(),
  }),
  /**
   * A member was erased on request (issue 41): whoever holds something of theirs (a voucher's holder,
   * a redemption) anonymises it, keeping amounts and counts so statements and figures stay exact.
   */
  'members.member.erased.v1': z.object({
    memberId: z.string().uuid(),
    erasedAt: z.string().datetime(),
  }),
  /** A duplicate (`fromMemberId`, now gone) was merged into `memberId`: holders re-point to it. */
  'members.member.merged.v1': z.object({
    memberId: z.string().uuid(),
    fromMemberId: z.string().uuid(),
  }),
  /**
   * A member's pass was revoked (issue 43): its version moved on, so its old codes and its Google
   * Wallet TOTP secret stop working. The wallet service sets the new secret on the member's Google
   * Wallet object.
   */
  'members.pass.revoked.v1': z.object({
    memberId: z.string().uuid(),
    passVersion: z.number().int().positive(),
  }),
  /** A line's available quantity fell to or below its minimum; once until it is back above it. */
  'inventory.stock.low.v1': z.object({
    merchInventoryId: z.string().uuid(),
    merchItemId: z.string().uuid(),
    sku: z.string(),
    itemName: z.string(),
    size: z.string(),
    color: z.string().nullable(),
    availableQuantity: z.number().int().nonnegative(),
    minStockLevel: z.number().int().nonnegative(),
  }),
} as const;

export type EventName = keyof typeof EVENTS;

/** The effects declared for an event (none for a name that is no event: a newer publisher's, say). */
export function eventEffectsOf(name: string): EventEffects {
  const schema = Object.hasOwn(EVENTS, name) ? EVENTS[name as EventName] : undefined;
  return (schema && eventEffects.get(schema)) ?? {};
}
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

/** What a consumer receives: the payload plus the envelope the outbox wrote. */
export interface DomainEvent<N extends EventName = EventName> {
  id: string;
  name: N;
  occurredAt: string;
  payload: EventPayload<N>;
}
