import { EXCLUSIVE_STATUSES, EXCLUSIVE_TYPES, isDateOnly, UNLIMITED_USAGE_LIMIT } from '@avpass/domain';
import { z } from 'zod';
import { optionalText, uploadUrl } from './common';
import { redemptionModeField } from './redemption-modes';
import { fundedByField } from './funded-by';
import { perMemberLimitField } from './per-member-limit';
import { isSafeText, safeText, UNSAFE_TEXT_MESSAGE } from './text';
import { describeSent, numberOrWord } from './validation';
import {
  checkStartDate,
  expirationDateField,
  idempotencyKeyField,
  listQuerySchema,
  pageSchema,
  qrCodeSchema,
  SORT_ORDERS,
  startDateField,
  type SortOrder,
} from './vouchers';

/**
 * Project Rooted exclusives (spec sections 2, 4, 5 and 7): vouchers of the vouchers service flagged
 * isProjectRootedExclusive, with a type and typed details. The discount is inferred by the service
 * from details.value (`inferExclusiveDiscount`, libs/domain); whatever discount a client sends is ignored.
 */

export const EXCLUSIVE_TYPE_MESSAGE =
  'Exclusive type must be training_session, raffle_prize, special_event, exclusive_discount or custom';
export const EXCLUSIVE_USAGE_LIMIT_MESSAGE = 'Usage limit must be a whole number from 1 to 9999';
/** §9: presets 1, 5, 10, 25, 50, 100, Unlimited, or a custom number from 1 to 9999. */
export const EXCLUSIVE_USAGE_PRESETS = ['1', '5', '10', '25', '50', '100', 'unlimited'] as const;
export const EXCLUSIVE_MAX_CUSTOM_USAGE = 9999;
export const EVENT_DATE_MESSAGE = 'Event date must be a date (YYYY-MM-DD, optionally with a time)';

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE);

/** A date ('YYYY-MM-DD') or a local date and time ('YYYY-MM-DDTHH:mm'), as the form's pickers send it. */
const eventDateField = safeText()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (!v) return null;
    const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(v) && isDateOnly(v.slice(0, 10));
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: EVENT_DATE_MESSAGE });
      return z.NEVER;
    }
    return v;
  });

/** 'unlimited' (stored 999999), or a whole number 1-9999 (as text or a number). Default 1. */
export const exclusiveUsageLimitField = numberOrWord('Usage limit', 'unlimited', { blank: 1 })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return 1;
    if (value === 'unlimited') return UNLIMITED_USAGE_LIMIT;
    if (!Number.isInteger(value) || value < 1 || value > EXCLUSIVE_MAX_CUSTOM_USAGE) {
      ctx.addIssue({
        code: 'custom',
        message: `${EXCLUSIVE_USAGE_LIMIT_MESSAGE}, not ${describeSent(value)}`,
      });
      return z.NEVER;
    }
    return value;
  });

/** The details a client sends; vendorName is not among them (it is read from the partners service). */
export const exclusiveDetailsInputSchema = z.object(
  {
    title: requiredText('Title is required', 200),
    description: requiredText('Description is required', 2000),
    value: optionalText(100),
    eventName: optionalText(200),
    eventDate: eventDateField,
    trainerName: optionalText(200),
    sessionDuration: optionalText(100),
    specialInstructions: optionalText(2000),
    vendorId: z
      .union([z.literal(''), z.string().trim().uuid('Not a valid vendor id')])
      .nullish()
      .transform((v) => v || null),
  },
  { error: 'Title is required' },
);

/**
 * POST /api/project-rooted-exclusives. The §7 payload (clinic, discountType, customTitle, qrType…) is
 * accepted; only these fields are read. exclusiveDetails may come as an object or as its JSON text.
 */
export const createExclusiveRequestSchema = z
  .object({
    exclusiveType: z.enum(EXCLUSIVE_TYPES, EXCLUSIVE_TYPE_MESSAGE),
    exclusiveDetails: z.preprocess((v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    }, exclusiveDetailsInputSchema),
    expirationDate: expirationDateField,
    /** Valid from the start of this business day; on or before expirationDate. */
    startDate: startDateField,
    usageLimit: exclusiveUsageLimitField,
    terms: optionalText(5000),
    /** An uploaded custom logo; wins over the vendor's. */
    logoUrl: uploadUrl().nullish(),
    deploymentUrl: z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, error: 'deploymentUrl must be an http(s) origin' }))
      .optional(),
    idempotencyKey: idempotencyKeyField,
    /** Absent: the club-wide default (GET /api/settings/vouchers). */
    redemptionMode: redemptionModeField,
    /** Who pays for the discount (issue 39). Absent: the club-wide default. */
    fundedBy: fundedByField,
    /** Uses per member per period (issue 41); absent or null: none. */
    perMemberLimit: perMemberLimitField,
  })
  .superRefine(checkStartDate);
export type CreateExclusiveRequest = z.input<typeof createExclusiveRequestSchema>;
export type CreateExclusiveInput = z.output<typeof createExclusiveRequestSchema>;

/** An exclusive as the screen lists it: the code, its type (never null) and the §4 status. */
export const exclusiveSchema = qrCodeSchema.extend({
  exclusiveType: z.enum(EXCLUSIVE_TYPES),
  exclusiveStatus: z.enum(EXCLUSIVE_STATUSES),
});
export type Exclusive = z.infer<typeof exclusiveSchema>;

/** The eight tabs of the screen (§2). */
export const EXCLUSIVE_FILTERS = [
  'all',
  'active',
  'upcoming',
  'expired',
  'training',
  'raffles',
  'events',
  'discounts',
] as const;
export type ExclusiveFilter = (typeof EXCLUSIVE_FILTERS)[number];

/**
 * The exclusives table's sorts (issue 27): `createdAt` (the default, newest first), `title` (A–Z first),
 * `expiresAt` (soonest first; never-expiring last), `usageCount` (most redeemed first). Keyset-paged;
 * title and expiry along vouchers migration 20261212's partial indexes, usage without one (a redeem
 * changes it, decision 124), over the few thousand exclusives only.
 */
export const EXCLUSIVE_SORTS = ['createdAt', 'title', 'expiresAt', 'usageCount'] as const;
export type ExclusiveSort = (typeof EXCLUSIVE_SORTS)[number];
export const EXCLUSIVE_SORT_DEFAULT_ORDER: Readonly<Record<ExclusiveSort, SortOrder>> = {
  createdAt: 'desc',
  title: 'asc',
  expiresAt: 'asc',
  usageCount: 'desc',
};

/**
 * GET /api/project-rooted-exclusives: one tab (`filter`, the screen's status filter) of the list, and
 * the table's `search` (title, vendor, custom title), `sort`, `order` and `partnerId` (made for that
 * vendor or assigned to that partner). All optional: the old query is unchanged.
 */
export const listExclusivesRequestSchema = listQuerySchema.extend({
  filter: z
    .enum(
      EXCLUSIVE_FILTERS,
      'filter must be all, active, upcoming, expired, training, raffles, events or discounts',
    )
    .optional()
    .default('all'),
  sort: z.enum(EXCLUSIVE_SORTS, `sort must be one of ${EXCLUSIVE_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface ListExclusivesQuery {
  limit?: number;
  offset?: number;
  cursor?: string;
  search?: string;
  filter?: ExclusiveFilter;
  sort?: ExclusiveSort;
  order?: SortOrder;
  partnerId?: string;
}

export const exclusiveCountsSchema = z.object(
  Object.fromEntries(EXCLUSIVE_FILTERS.map((f) => [f, z.number().int().nonnegative()])) as Record<
    ExclusiveFilter,
    z.ZodNumber
  >,
);
export type ExclusiveCounts = z.infer<typeof exclusiveCountsSchema>;

/** GET /api/project-rooted-exclusives: a page of the tab, and every tab's count. */
export const exclusivesPageSchema = pageSchema(exclusiveSchema).extend({ counts: exclusiveCountsSchema });
export type ExclusivesPage = z.infer<typeof exclusivesPageSchema>;
