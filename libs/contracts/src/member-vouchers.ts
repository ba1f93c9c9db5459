import { z } from 'zod';
import { uuidParam } from './common';
import { PER_MEMBER_PERIODS } from './per-member-limit';
import { pageLimit } from './validation';
import { publicVoucherSchema } from './vouchers';

/**
 * Where the members service and the vouchers service meet (issue 41): a code's holder, the per-member
 * limits a voucher, batch or exclusive may carry, the codes issued to members, and a member's own
 * codes. The vouchers service owns codes and redemptions; the members service owns who the members
 * are. A code records its holder's member id and the till's view of the name ("Ana G."), so a till
 * never asks the members service during a redemption.
 */
export {
  PER_MEMBER_LIMIT_MAX,
  PER_MEMBER_PERIODS,
  perMemberLimitField,
  perMemberLimitSchema,
  perMemberLimitOutSchema,
  type PerMemberLimit,
  type PerMemberPeriod,
} from './per-member-limit';
/** What a partner's till sees of a holder: the first name and the last name's initial. */
export const tillHolderSchema = z.object({ firstName: z.string(), lastInitial: z.string() });
export type TillHolder = z.infer<typeof tillHolderSchema>;

/** The till's "2 of 3 this month": the holder's uses of this voucher (or batch) in the current period. */
export const memberUsesSchema = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(1),
  period: z.enum(PER_MEMBER_PERIODS),
});
export type MemberUses = z.infer<typeof memberUsesSchema>;

/** A member the vouchers service issues a code to (the members service sends only these fields). */
export const codeHolderSchema = z.object({
  memberId: uuidParam,
  firstName: z.string().min(1).max(100),
  lastName: z.string().max(100),
});
export type CodeHolder = z.infer<typeof codeHolderSchema>;

/**
 * members → vouchers: one code per member from a voucher (a new code copying it, the voucher its
 * limit group) or a batch (one of the batch's codes nobody holds yet). Idempotent per (member, source):
 * asking again answers the same code with `created: false`.
 */
/** What a send to members gives out: a voucher (each member a copy) or a batch (each member one of its codes). */
export const sendSourceSchema = z.union([
  z.object({ qrCodeId: uuidParam }),
  z.object({ batchId: uuidParam }),
]);
export const issueToMembersRequestSchema = z.object({
  source: sendSourceSchema,
  holders: z.array(codeHolderSchema).min(1).max(1000),
});
export const issuedCodeSchema = z.object({
  memberId: z.string(),
  qrCodeId: z.string(),
  /** The public id in the voucher link (/voucher/{publicId}). */
  publicId: z.string(),
  created: z.boolean(),
  /** The voucher's title, for the member's message (optional: added for issue 41's sends). */
  title: z.string().optional(),
  /** The partners whose tills honour the code, by name ("where to use it"); absent: not said. */
  partners: z.array(z.string()).optional(),
});
export const issueToMembersResponseSchema = z.object({
  issued: z.array(issuedCodeSchema),
  /** Members who got no code, with the reason (e.g. the batch has no code left). */
  refused: z.array(z.object({ memberId: z.string(), reason: z.string() })),
});
/**
 * members → vouchers, before a send is recorded (decision 340): the source exists (404 otherwise) and a
 * voucher may still be given out (409 with the redeem's words when it is inactive, used up or expired).
 */
export const checkSendSourceRequestSchema = z.object({ source: sendSourceSchema });
export const checkSendSourceResponseSchema = z.object({ kind: z.enum(['voucher', 'batch']) });
export type CheckSendSourceResponse = z.infer<typeof checkSendSourceResponseSchema>;
export type IssueToMembersRequest = z.infer<typeof issueToMembersRequestSchema>;
export type IssueToMembersResponse = z.infer<typeof issueToMembersResponseSchema>;

/** A member's own code, as "My vouchers" and the member's detail show it. */
export const heldVoucherSchema = publicVoucherSchema.extend({
  /** active: can be used now; used: no use left; expired: past its expiry or deactivated. */
  state: z.enum(['active', 'used', 'expired']),
  memberUses: memberUsesSchema.nullable(),
});
export type HeldVoucher = z.infer<typeof heldVoucherSchema>;

/** One keyset page of a member's codes: active ones first, then used and expired ones, newest first. */
export const heldVouchersRequestSchema = z.object({
  memberId: uuidParam,
  cursor: z.string().max(200).optional(),
  limit: pageLimit(100).default(50),
});
export const heldVouchersPageSchema = z.object({
  items: z.array(heldVoucherSchema),
  nextCursor: z.string().nullable(),
});
export type HeldVouchersPage = z.infer<typeof heldVouchersPageSchema>;
