import { z } from 'zod';
import { numberInput } from './validation';

/**
 * The per-member limit of a voucher, batch or exclusive (issue 41): a module of its own so the code
 * schemas (vouchers/, exclusives.ts) and member-vouchers.ts share it without an import cycle.
 */
export const PER_MEMBER_PERIODS = ['day', 'week', 'month', 'ever'] as const;
export type PerMemberPeriod = (typeof PER_MEMBER_PERIODS)[number];
export const PER_MEMBER_LIMIT_MAX = 1000;

/**
 * `perMemberLimit {count, period}` on the create routes (a voucher, a batch, an exclusive): "one per
 * member" is `{count: 1, period: 'ever'}`. `count` arrives as a JSON number or a numeric string.
 * Absent or null: no limit per member.
 */
export const perMemberLimitSchema = z.object({
  count: numberInput('Per-member limit').pipe(
    z
      .number()
      .int('Per-member limit must be a whole number')
      .min(1, 'Per-member limit must be at least 1')
      .max(PER_MEMBER_LIMIT_MAX, `Per-member limit must be at most ${PER_MEMBER_LIMIT_MAX}`),
  ),
  period: z.enum(PER_MEMBER_PERIODS, {
    message: 'Per-member period must be one of day, week, month, ever',
  }),
});
export type PerMemberLimit = z.infer<typeof perMemberLimitSchema>;

/** `perMemberLimit` on a create route: absent or null, no limit per member. */
export const perMemberLimitField = perMemberLimitSchema.nullable().optional();

/** `perMemberLimit` on a code's answers: null when the code has none. */
export const perMemberLimitOutSchema = z.object({
  count: z.number().int(),
  period: z.enum(PER_MEMBER_PERIODS),
});
