import { PASS_REFUSALS } from '@avpass/domain';
import { z } from 'zod';
import { uuidParam } from './common';
import { tillCheckResponseSchema } from './till';
import { tillHolderSchema } from './member-vouchers';
import { idempotencyKeyField } from './vouchers';
import { pageLimit, saleAmountField } from './validation';

/**
 * The member pass (issue 43, libs/domain member-pass.ts for the code itself): one rotating signed code
 * per member on "My vouchers" and in the wallet; the till scans it, sees the holder and the member's
 * vouchers valid at this shop, and checks it offline from the public keys and revocations it keeps.
 */

export { PASS_REFUSALS, type PassRefusal, type PassPublicKey } from '@avpass/domain';

/** What the till says for each refusal (English; `member-pass.<refusal>` in MESSAGE_CODES). */
export const PASS_REFUSAL_MESSAGES = {
  not_a_pass: 'This is not an AV Pass member pass',
  not_genuine: 'This member pass is not genuine',
  stale: 'Ask the member to open their pass',
  revoked: 'This member pass has been replaced: ask the member to open their pass',
  second_factor: "Ask for the member's date of birth or the last 4 digits of their phone",
} as const satisfies Record<(typeof PASS_REFUSALS)[number], string>;
export const SECOND_FACTOR_WRONG_MESSAGE = 'That does not match the member: ask again';

/** One code of the member's pass: shown while `step` is the server's step. */
export const passCodeSchema = z.object({ step: z.number().int().nonnegative(), code: z.string() });
export type PassCode = z.infer<typeof passCodeSchema>;

/**
 * GET /api/me/pass: the member's pass. `codes` covers the current step and the next few minutes, so
 * a phone that loses its connection at the till still shows a valid code; the page picks the code of
 * the server's step (serverTime, corrected by the request's round trip), never the phone's own clock.
 */
export const memberPassSchema = z.object({
  memberId: uuidParam,
  holder: tillHolderSchema,
  passVersion: z.number().int().positive(),
  stepSeconds: z.number().int().positive(),
  /** The server's clock when it answered (ISO). */
  serverTime: z.string(),
  codes: z.array(passCodeSchema),
  /** Which wallets can hold the pass here (configured on this server). */
  wallet: z.object({ google: z.boolean(), apple: z.boolean() }),
});
export type MemberPass = z.infer<typeof memberPassSchema>;

/** POST /api/me/pass/revoke and POST /api/members/{id}/pass/revoke: the old codes stop working. */
export const revokePassRequestSchema = z.object({ idempotencyKey: idempotencyKeyField });
export const revokePassResponseSchema = z.object({
  message: z.string(),
  passVersion: z.number().int().positive(),
});
export type RevokePassResponse = z.infer<typeof revokePassResponseSchema>;

export const passPublicKeySchema = z.object({
  keyId: z.number().int().nonnegative(),
  publicKey: z.string(),
  notBefore: z.string(),
  verifyUntil: z.string(),
});

/** GET /api/till/pass-keys: the keys a till verifies with (the next key is listed before it signs). */
export const passKeysResponseSchema = z.object({
  keys: z.array(passPublicKeySchema),
  stepSeconds: z.number().int().positive(),
  maxAgeSeconds: z.number().int().positive(),
  serverTime: z.string(),
});
export type PassKeysResponse = z.infer<typeof passKeysResponseSchema>;

/**
 * GET /api/till/pass-revocations?since&cursor&limit: members whose pass moved on (revoked, erased),
 * whole or by delta. `since` is an earlier answer's (a database snapshot, as the till's code copy's).
 */
export const PASS_REVOCATIONS_SINCE_MESSAGE = 'since must be the since of an earlier answer';
export const passRevocationsRequestSchema = z.object({
  since: z
    .string({ error: PASS_REVOCATIONS_SINCE_MESSAGE })
    .max(8000, PASS_REVOCATIONS_SINCE_MESSAGE)
    .regex(/^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/, PASS_REVOCATIONS_SINCE_MESSAGE)
    .optional(),
  cursor: z.string().max(200, 'cursor must be at most 200 characters').optional(),
  limit: pageLimit(1000).default(500),
});
export const passRevocationSchema = z.object({
  memberId: uuidParam,
  /** Codes of a version below this are refused. */
  passVersion: z.number().int().positive(),
});
export const passRevocationsPageSchema = z.object({
  items: z.array(passRevocationSchema),
  nextCursor: z.string().nullable(),
  /** What to send as `since` next time (keep the first page's of a run). */
  since: z.string(),
});
export type PassRevocationsPage = z.infer<typeof passRevocationsPageSchema>;

export const PASS_CODE_MESSAGE = 'Scan the member pass';
export const SECOND_FACTOR_FORMAT_MESSAGE =
  "Second factor must be the member's date of birth (YYYY-MM-DD) or the last 4 digits of their phone";
/** Too many second factors tried for one member's static code in a while (429; `{minutes}`). */
export const secondFactorThrottledMessage = (minutes: number) =>
  `Too many tries of this member's date of birth or phone. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
/** POST /api/till/pass: what the till scanned (a pass code), and for a static code the second factor. */
export const tillPassRequestSchema = z.object({
  code: z.string({ error: PASS_CODE_MESSAGE }).trim().min(1, PASS_CODE_MESSAGE).max(2000, PASS_CODE_MESSAGE),
  /** The member's date of birth (YYYY-MM-DD) or the last 4 digits of their phone: Apple Wallet's static code. */
  secondFactor: z
    .string({ error: SECOND_FACTOR_FORMAT_MESSAGE })
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}|\d{4})$/, SECOND_FACTOR_FORMAT_MESSAGE)
    .optional(),
  /** The sale rung up (cents), as on the till check: each voucher shows its discount for it. */
  transactionAmount: saleAmountField,
});
export type TillPassRequest = z.infer<typeof tillPassRequestSchema>;

/**
 * The till's answer to a pass: accepted with the holder and the member's vouchers valid at this shop
 * (each as the till check answers it), or refused with the reason (its code and the English).
 */
export const tillPassResponseSchema = z.object({
  accepted: z.boolean(),
  refusal: z.enum(PASS_REFUSALS).optional(),
  reason: z.string().optional(),
  reasonCode: z.string().optional(),
  holder: tillHolderSchema.extend({ photoUrl: z.string().nullable() }).optional(),
  /** The member's codes valid at this shop, those redeemable now first; at most 50. */
  vouchers: z.array(tillCheckResponseSchema),
  /** The member's redemptions today against the club's daily cap (Settings); absent: no cap. */
  dailyCap: z.object({ used: z.number().int().min(0), limit: z.number().int().min(1) }).optional(),
});
export type TillPassResponse = z.infer<typeof tillPassResponseSchema>;

/**
 * Internal (members.till.pass.v1): the members service's judgement of a scanned pass, for the
 * gateway's POST /api/till/pass, which adds the member's vouchers (vouchers.till.memberCodes.v1)
 * when it is accepted.
 */
export const tillPassJudgementSchema = tillPassResponseSchema
  .pick({ accepted: true, refusal: true, reason: true, reasonCode: true, holder: true })
  .extend({ memberId: uuidParam.optional() });
export type TillPassJudgement = z.infer<typeof tillPassJudgementSchema>;
