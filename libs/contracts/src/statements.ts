import { isDateOnly } from '@avpass/domain';
import { z } from 'zod';
import { uuidParam } from './common';

/**
 * Partner statements (issue 39): what a partner honoured, what the club owes it and what it owes the
 * club, for a calendar month in BUSINESS_TIMEZONE (or any range, as a live preview). Every amount is
 * integer cents. The figures are sums over the statements service's ledger (`statement_entries`), one
 * row per economic event the other services publish: a redemption or its cancel (vouchers), a charge
 * to an athlete credit or its void (credits), a usage report on merchandise allocated to the partner
 * (inventory).
 */

/** The longest range a preview covers: a year and a day (a leap year's statement of a whole year). */
export const MAX_PREVIEW_DAYS = 367;
export const PREVIEW_RANGE_MESSAGE = 'from must be on or before to';
export const PREVIEW_LENGTH_MESSAGE = `A preview covers at most ${MAX_PREVIEW_DAYS} days`;

const dayField = (name: 'from' | 'to') =>
  z
    .string({ error: `${name} is required (YYYY-MM-DD)` })
    .trim()
    .refine(isDateOnly, `${name} must be a date (YYYY-MM-DD)`);

const DAY_MS = 86_400_000;
/** Days from `from` through `to`, both 'YYYY-MM-DD' (calendar arithmetic: DST does not matter). */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * GET /api/statements/preview?partnerId=&from=&to=: the live figures of the business days `from`
 * through `to`. The administrator names the partner; a company previews its own (partnerId optional).
 */
export const statementPreviewQuerySchema = z
  .object({
    partnerId: uuidParam.optional(),
    from: dayField('from'),
    to: dayField('to'),
  })
  .superRefine((q, ctx) => {
    if (!isDateOnly(q.from) || !isDateOnly(q.to)) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: PREVIEW_RANGE_MESSAGE });
    else if (daysInRange(q.from, q.to) > MAX_PREVIEW_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: PREVIEW_LENGTH_MESSAGE });
  });
export type StatementPreviewQuery = z.infer<typeof statementPreviewQuerySchema>;

const cents = z.number().int();

/** Vouchers honoured, by voucher or batch (`subjectId`): what was sold, given, and who funds it. */
export const voucherLineSchema = z.object({
  subjectId: z.string().uuid(),
  /** 'batch' or 'voucher': what subjectId names. */
  subjectType: z.enum(['batch', 'voucher']),
  label: z.string(),
  redemptions: z.number().int(),
  salesCents: cents,
  discountCents: cents,
  clubFundedCents: cents,
  partnerFundedCents: cents,
  /** Club-funded percentage redemptions without a sale amount: counted 0, for the shop to ask about. */
  withoutSaleAmount: z.number().int(),
});
export type VoucherLine = z.infer<typeof voucherLineSchema>;

/** Merchandise reported used at the partner, by item: units × the partner price. */
export const merchandiseLineSchema = z.object({
  subjectId: z.string().uuid(),
  label: z.string(),
  units: z.number().int(),
  amountCents: cents,
});
export type MerchandiseLine = z.infer<typeof merchandiseLineSchema>;

export const statementTotalsSchema = z.object({
  /** Club-funded discounts plus athlete credit charges (less voids and late cancels). */
  clubOwesCents: cents,
  /** Merchandise used at the partner price. */
  partnerOwesCents: cents,
  /** clubOwesCents - partnerOwesCents: positive, the club pays the partner. */
  netCents: cents,
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

/** The most lines a section answers at once; `more` says how many it left out (the PDF and CSV have all). */
export const PREVIEW_LINES = 200;

export const statementPreviewSchema = z.object({
  partnerId: z.string().uuid(),
  from: z.string(),
  to: z.string(),
  vouchers: z.object({
    lines: z.array(voucherLineSchema),
    more: z.number().int(),
    redemptions: z.number().int(),
    salesCents: cents,
    discountCents: cents,
    clubFundedCents: cents,
    partnerFundedCents: cents,
    withoutSaleAmount: z.number().int(),
  }),
  /** Cancels of redemptions made before `from`: they change what an earlier statement counted. */
  adjustments: z.object({
    lines: z.array(voucherLineSchema),
    more: z.number().int(),
    redemptions: z.number().int(),
    clubFundedCents: cents,
  }),
  credits: z.object({
    charges: z.number().int(),
    chargedCents: cents,
    voids: z.number().int(),
    voidedCents: cents,
    /** chargedCents - voidedCents: what the club owes for them. */
    netCents: cents,
  }),
  merchandise: z.object({
    lines: z.array(merchandiseLineSchema),
    more: z.number().int(),
    units: z.number().int(),
    amountCents: cents,
  }),
  totals: statementTotalsSchema,
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;
