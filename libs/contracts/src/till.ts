import { DISCOUNT_TYPES } from '@avpass/domain';
import { z } from 'zod';
import { CANCEL_REASON_MESSAGE } from './words';

export { CANCEL_REASON_MESSAGE } from './words';
import { uuidParam } from './common';
import { numberInput, saleAmountField } from './validation';
import {
  REDEMPTION_CHANNELS,
  REDEMPTION_MODES,
  REDEMPTION_MODE_MESSAGE,
  REDEMPTION_STATUSES,
} from './redemption-modes';
import { SHORT_CODE_LENGTH } from './till-text';
import { FUNDED_BY, FUNDED_BY_MESSAGE } from './funded-by';
import { idempotencyKeyField, publicVoucherSchema } from './vouchers';
import { memberUsesSchema, tillHolderSchema } from './member-vouchers';

export * from './redemption-modes';
// Shared with the member's voucher page, which must not load zod.
export {
  STAFF_ONLY_MESSAGE,
  SHORT_CODE_LENGTH,
  TILL_CODE_HEADING,
  TILL_CODE_HELP,
  voucherShortCode,
} from './till-text';

/**
 * The till (issue 25): partner staff check and redeem a member's code, every redemption says where
 * (partner) and by whom (staff member, or the member on the public page), and a mistaken one can be
 * undone within REDEMPTION_UNDO_MINUTES. Shared by the gateway, the vouchers service and the frontend.
 */

/** What a self-service redemption says it was made by (the public voucher page). */
export const SELF_SERVICE_REDEEMER = 'Member (self-service)';
/** Anything scanned or typed that is not one of our voucher links, ids or 8-character references. */
export const NOT_OUR_VOUCHER_MESSAGE = 'This is not an AV Pass voucher';
/** A shop that may not honour the code (403 on redeem; `reason` on check). */
export const notValidAtMessage = (partnerName: string) => `This voucher is not valid at ${partnerName}`;
export const ALREADY_CANCELLED_MESSAGE = 'This redemption has already been cancelled';
export const undoWindowClosedMessage = (minutes: number) =>
  `This redemption can no longer be undone (only within ${minutes} minutes)`;
export const DEFAULT_REDEMPTION_UNDO_MINUTES = 30;

/** A redemption's short reference, as the till shows it: the first 8 characters of its id, upper case. */
export const redemptionReference = (id: string): string => id.slice(0, SHORT_CODE_LENGTH).toUpperCase();

/** Why a till check says no, as a machine-readable word beside the sentence in `reason`. */
export const TILL_REFUSALS = [
  'used_up',
  'expired',
  'inactive',
  'outside_hours',
  'not_valid_here',
  'upcoming',
  /** The holder has used their per-member limit of this voucher or batch in the period (issue 41). */
  'member_limit',
  /** The holder has redeemed the club's per-member daily cap of held codes that business day (issue 43). */
  'member_daily_cap',
] as const;
export type TillRefusal = (typeof TILL_REFUSALS)[number];

export const TILL_CODE_MESSAGE = 'Scan or type a voucher code';
/** What was scanned or typed: the voucher's link, its id, or the 8 characters printed on cards. */
const tillCodeField = z
  .string({ error: TILL_CODE_MESSAGE })
  .trim()
  .min(1, TILL_CODE_MESSAGE)
  .max(2000, 'A voucher code is at most 2000 characters');

/** POST /api/till/check body: no write, no rate limit. */
export const tillCheckRequestSchema = z.object({
  code: tillCodeField,
  /** The sale rung up (cents), to show the discount and the amount to pay. */
  transactionAmount: saleAmountField,
});
export type TillCheckRequest = z.infer<typeof tillCheckRequestSchema>;

/** One of several codes an 8-character entry matched (the till asks the staff to pick one). */
export const tillMatchSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  partnerName: z.string().nullable(),
});
export type TillMatch = z.infer<typeof tillMatchSchema>;

/** The till's card of one code and whether this shop may honour it now. */
export const tillCheckResponseSchema = z.object({
  voucher: publicVoucherSchema,
  redeemable: z.boolean(),
  /** The refusal in words when not redeemable ("This voucher has been used up", …). */
  reason: z.string().optional(),
  /** The reason's code and its values (message-codes.ts): a screen says it in its reader's language. */
  reasonCode: z.string().optional(),
  reasonParams: z.record(z.string(), z.string()).optional(),
  refusal: z.enum(TILL_REFUSALS).optional(),
  /** With a sale amount: the discount it gets and what is left to pay (cents). */
  discountApplied: z.number().int().optional(),
  amountDue: z.number().int().optional(),
  /** Uses left; null: unlimited. */
  usesLeft: z.number().int().nullable(),
  /** Who holds the code (issue 41): first name and last initial only; absent for a bearer code. */
  holder: tillHolderSchema.optional(),
  /** The holder's uses of this voucher in the period ("2 of 3 this month"); absent when not limited. */
  memberUses: memberUsesSchema.optional(),
});
export type TillCheckResponse = z.infer<typeof tillCheckResponseSchema>;

/**
 * The body of the 409 a short entry matching several codes gets (check and redeem alike): the staff
 * picks one and sends its id.
 */
export const SEVERAL_MATCHES_MESSAGE = 'Several vouchers start with these characters: pick one';

/** POST /api/till/redeem body, with the optional Idempotency-Key header. */
export const tillRedeemRequestSchema = tillCheckRequestSchema.extend({
  /**
   * When the till scanned the code, if it was kept offline and sent later (ISO 8601); at most a few
   * days in the past, never in the future. Absent: the time the request reached the server.
   */
  scannedAt: z
    .string()
    .datetime({ offset: true, error: 'Scan time must be an ISO 8601 date-time' })
    .optional(),
});
export type TillRedeemRequest = z.infer<typeof tillRedeemRequestSchema>;

/** One redemption as the till and the redemption tables show it. */
export const tillRedemptionSchema = z.object({
  id: z.string().uuid(),
  /** redemptionReference(id): what the member and the staff can read out. */
  reference: z.string(),
  redeemedAt: z.string(),
  /** When the till scanned it (differs from redeemedAt for a scan kept offline); null: not a till scan. */
  scannedAt: z.string().nullable(),
  partnerId: z.string().uuid().nullable(),
  partnerName: z.string().nullable(),
  redeemedBy: z.string(),
  channel: z.enum(REDEMPTION_CHANNELS),
  transactionAmount: z.number().int().nullable(),
  discountApplied: z.number().int().nullable(),
  /**
   * Frozen by the redemption when it was made (issue 39): who paid for the discount then, what the club
   * owes the partner for it (cents: the discount when the club funds it, 0 when the partner does), and
   * whether the discount's cents could not be known (no sale amount, not a fixed discount: counted 0).
   */
  fundedBy: z.enum(FUNDED_BY),
  reimbursementCents: z.number().int().nonnegative(),
  noSaleAmount: z.boolean(),
  status: z.enum(REDEMPTION_STATUSES),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Whether the signed-in user may undo it now (the window, the role, the partner). */
  cancellable: z.boolean(),
  /** When the undo window closes for the staff (null: never undoable by them). */
  undoUntil: z.string().nullable(),
});
export type TillRedemption = z.infer<typeof tillRedemptionSchema>;

export const tillRedeemResponseSchema = z.object({
  redemption: tillRedemptionSchema,
  voucher: publicVoucherSchema,
  /** As on the check (issue 41): the holder, and their uses after this redemption. */
  holder: tillHolderSchema.optional(),
  memberUses: memberUsesSchema.optional(),
});
export type TillRedeemResponse = z.infer<typeof tillRedeemResponseSchema>;

/** GET /api/till/recent: the redemptions made at this partner's till today (the administrator: all tills). */
export const tillRecentRequestSchema = z.object({
  limit: numberInput('limit').pipe(z.number().int().min(1).max(100)).optional(),
});
export const tillRecentItemSchema = tillRedemptionSchema.extend({
  qrCodeId: z.string().uuid(),
  /** The code's title as the card shows it (custom title, or partner name and service). */
  title: z.string(),
});
export type TillRecentItem = z.infer<typeof tillRecentItemSchema>;
export const tillRecentResponseSchema = z.object({ items: z.array(tillRecentItemSchema) });
export type TillRecentResponse = z.infer<typeof tillRecentResponseSchema>;

/** POST /api/redemptions/{id}/cancel body. */
export const cancelRedemptionRequestSchema = z.object({
  reason: z
    .string({ error: CANCEL_REASON_MESSAGE })
    .trim()
    .min(1, CANCEL_REASON_MESSAGE)
    .max(500, CANCEL_REASON_MESSAGE),
});
export type CancelRedemptionRequest = z.infer<typeof cancelRedemptionRequestSchema>;
export const cancelRedemptionResponseSchema = z.object({
  message: z.string(),
  redemption: tillRedemptionSchema,
  voucher: publicVoucherSchema,
});
export type CancelRedemptionResponse = z.infer<typeof cancelRedemptionResponseSchema>;

/** The most a club may set as its per-member daily cap (issue 43). */
export const MEMBER_DAILY_CAP_MAX = 1000;
export const MEMBER_DAILY_CAP_LABEL = 'Daily limit per member';
/** `memberDailyCap` as a PUT sends it: a JSON number or a numeric string, 1–1000; null: no cap. */
const memberDailyCapInput = numberInput(MEMBER_DAILY_CAP_LABEL)
  .pipe(
    z
      .number()
      .int(`${MEMBER_DAILY_CAP_LABEL} must be a whole number`)
      .min(1, `${MEMBER_DAILY_CAP_LABEL} must be at least 1`)
      .max(MEMBER_DAILY_CAP_MAX, `${MEMBER_DAILY_CAP_LABEL} must be at most ${MEMBER_DAILY_CAP_MAX}`),
  )
  .nullable();

/** GET/PUT /api/settings/vouchers: club-wide defaults for new codes (PUT: super_admin). */
export const voucherSettingsSchema = z.object({
  defaultRedemptionMode: z.enum(REDEMPTION_MODES, { error: REDEMPTION_MODE_MESSAGE }),
  /** Who pays for the discount of a new code sent without `fundedBy` (issue 39). */
  defaultFundedBy: z.enum(FUNDED_BY, { error: FUNDED_BY_MESSAGE }),
  /**
   * The club's per-member daily cap (issue 43): at most this many redemptions of held codes per member
   * and business day, across all their codes, at every till and on the voucher page; null: no cap.
   */
  memberDailyCap: z.number().int().min(1).max(MEMBER_DAILY_CAP_MAX).nullable(),
});
export type VoucherSettings = z.infer<typeof voucherSettingsSchema>;
/**
 * PUT /api/settings/vouchers body: `defaultFundedBy` (a client older than issue 39) and
 * `memberDailyCap` (older than issue 43) may be left out, which keeps them as they are.
 */
export const updateVoucherSettingsSchema = voucherSettingsSchema.extend({
  defaultFundedBy: voucherSettingsSchema.shape.defaultFundedBy.optional(),
  memberDailyCap: memberDailyCapInput.optional(),
});
export type UpdateVoucherSettings = z.infer<typeof updateVoucherSettingsSchema>;

/**
 * The origin the till's request came to (scheme and host, added by the gateway over anything sent): a
 * scanned link on that host is one of ours too, beside PUBLIC_URL's host and the code's stored link.
 */
const requestOriginField = z.string().max(300).optional();
/** What the rpc layer receives for the till and undo calls (path ids and headers added by the gateway). */
export const tillCheckRpcSchema = tillCheckRequestSchema.extend({ requestOrigin: requestOriginField });
export const tillRedeemRpcSchema = tillRedeemRequestSchema.extend({
  idempotencyKey: idempotencyKeyField,
  requestOrigin: requestOriginField,
});
export const cancelRedemptionRpcSchema = cancelRedemptionRequestSchema.extend({
  id: uuidParam,
  idempotencyKey: idempotencyKeyField,
});

/**
 * GET /api/till/codes (issue 37): the till's offline copy of the codes its partner may honour (its own,
 * those actively assigned to it, the club-wide ones), as compact rows, so a till without a connection
 * answers as the server would. Without `since` the whole copy, paged by id; with `since` (the copy's
 * `since` of an earlier run) only what changed after it, paged by change: new and changed rows in
 * `items`, and in `removed` the ids this partner no longer may honour (deleted, unassigned, no longer
 * club-wide). Follow `nextCursor` (same `since`) until it is null, then keep the first page's `since`.
 */
export const TILL_COPY_MAX_LIMIT = 1000;
const TILL_COPY_SINCE_MESSAGE = 'since must be the since of an earlier answer';
export const tillCodesRequestSchema = z.object({
  since: z
    .string({ error: TILL_COPY_SINCE_MESSAGE })
    .max(8000, TILL_COPY_SINCE_MESSAGE)
    .regex(/^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/, TILL_COPY_SINCE_MESSAGE)
    .optional(),
  cursor: z.string().max(200, 'cursor must be at most 200 characters').optional(),
  limit: numberInput('limit')
    .pipe(
      z
        .number()
        .int()
        .min(1, 'limit must be at least 1')
        .max(TILL_COPY_MAX_LIMIT, `limit must be at most ${TILL_COPY_MAX_LIMIT}`),
    )
    .optional(),
});
export type TillCodesRequest = z.infer<typeof tillCodesRequestSchema>;

/** One code of the till's copy: enough to say yes or why not, and what discount, without a connection. */
export const tillCopyCodeSchema = z.object({
  id: z.string().uuid(),
  /** The id's first 8 hex characters (printed on cards), lower case: what a typed code is looked up by. */
  prefix: z.string().length(SHORT_CODE_LENGTH),
  /** As the card shows it: the custom title, else partner name · service. */
  title: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
  /** Uses left when the copy was read; null: unlimited. */
  usesLeft: z.number().int().nullable(),
  /** 'YYYY-MM-DD' in the business time zone (`timeZone`); null: at once / never. */
  startDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  active: z.boolean(),
  /** A held code's holder as the till may show it (issue 41); absent: a bearer code, or erased. */
  holder: tillHolderSchema.optional(),
  /**
   * A code limited per member: its holder's uses of its limit group in the period that began on
   * `periodStart` (the business day, as member_period_start), when the copy was read (decision 338).
   * In a later period the till counts from 0; absent: not limited per member.
   */
  memberUses: memberUsesSchema.extend({ periodStart: z.string() }).optional(),
  /**
   * A held code's holder (issue 43: the member pass offline finds the member's codes by it); absent:
   * a bearer code. Present even when the holder's name was erased.
   */
  memberId: z.string().uuid().optional(),
  /**
   * The holder's redemptions of held codes (any of their codes, any till) on the business day `day`
   * when the copy was read, against the club's daily cap (`memberDailyCap` of the answer); absent: none
   * that day. Offline, the till counts a member's day as the highest `used` among their codes' rows of
   * that day (a delta refreshes only changed codes) plus its own queued redemptions of it (decision 365).
   */
  memberDay: z.object({ day: z.string(), used: z.number().int().nonnegative() }).optional(),
});
export type TillCopyCode = z.infer<typeof tillCopyCodeSchema>;

export const tillCodesResponseSchema = z.object({
  items: z.array(tillCopyCodeSchema),
  /** Ids to drop from the copy (only with `since`; only ids this partner could have held). */
  removed: z.array(z.string().uuid()),
  /** The next page of this run (same `since`), or null: the run is complete. */
  nextCursor: z.string().nullable(),
  /** What to send as `since` next time: keep the first page's of a run. */
  since: z.string(),
  /** The zone the dates are days of (BUSINESS_TIMEZONE), so the till tells expiry as the server does. */
  timeZone: z.string(),
  /**
   * The club's per-member daily cap now (Settings, issue 43), on every page: the till refuses offline
   * a held code whose holder has reached it that day; null: no cap. Absent from servers before it.
   */
  memberDailyCap: z.number().int().nullable().optional(),
});
export type TillCodesResponse = z.infer<typeof tillCodesResponseSchema>;

/**
 * The member pass at the till (issue 43, decision 365): the codes a member holds that a partner may
 * honour, each answered as POST /api/till/check answers it. Internal RPC `vouchers.till.member-codes.v1` (RPC.vouchers.tillMemberCodes),
 * called by the gateway's POST /api/till/pass once the pass is verified.
 */
export const TILL_MEMBER_CODES_MAX = 50;
export const tillMemberCodesRequestSchema = z.object({
  /** The pass's holder (the members service's id). */
  memberId: z.string().uuid(),
  /** The till's partner (the staff's company); null: the administrator (every code). */
  partnerId: z.string().uuid().nullable(),
  /** The sale rung up (cents): each answer then says its discount and the amount to pay. */
  transactionAmount: saleAmountField,
});
export type TillMemberCodesRequest = z.infer<typeof tillMemberCodesRequestSchema>;

/** The member's uses of held codes on a business day, against the club's per-member daily cap. */
export const memberDailyCapUsesSchema = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type MemberDailyCapUses = z.infer<typeof memberDailyCapUsesSchema>;

export const tillMemberCodesResponseSchema = z.object({
  /**
   * The member's usable codes (active, not used up, not expired) this till may honour, at most
   * TILL_MEMBER_CODES_MAX (the newest when more): the redeemable ones first, then by newest.
   */
  vouchers: z.array(tillCheckResponseSchema),
  /** Today's uses against the club's cap (Settings); absent when no cap is set. */
  dailyCap: memberDailyCapUsesSchema.optional(),
});
export type TillMemberCodesResponse = z.infer<typeof tillMemberCodesResponseSchema>;
