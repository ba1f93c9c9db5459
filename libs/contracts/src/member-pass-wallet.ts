import { z } from 'zod';
import { uuidParam } from './common';
import { tillHolderSchema } from './member-vouchers';

/**
 * The member pass in the wallets (issue 43, decisions 370 and 371): what the wallet service asks the
 * members service for (the members service alone holds MEMBER_PASS_SECRET and the signing keys), and
 * the member's own wallet routes (GET /api/me/pass/wallet/apple, /api/me/pass/wallet/google).
 */

export const memberPassRequestSchema = z.object({ memberId: uuidParam });

/**
 * `members.pass.static-code.v1`: Apple Wallet's member code, a `kind: 'static'` pass (libs/domain
 * member-pass.ts) signed by the members service's current key; the till asks for the second factor.
 */
export const memberPassStaticCodeSchema = z.object({
  code: z.string(),
  passVersion: z.number().int().positive(),
  holder: tillHolderSchema,
});
export type MemberPassStaticCode = z.infer<typeof memberPassStaticCodeSchema>;

/**
 * `members.pass.totp-secret.v1`: the member's Google Wallet TOTP secret for the current pass version
 * (memberTotpSecret in libs/domain member-pass-totp.ts), in Base16 as Google's API takes it. Only the
 * wallet service asks, on the internal bus; it goes to Google through the REST API, never in a link.
 */
export const memberPassTotpSecretSchema = z.object({
  secretHex: z.string().regex(/^[0-9a-f]{64}$/),
  passVersion: z.number().int().positive(),
  holder: tillHolderSchema,
});
export type MemberPassTotpSecret = z.infer<typeof memberPassTotpSecretSchema>;

/** Answered when the member's wallet is not configured here (404): the page hides its button then. */
export const MEMBER_WALLET_NOT_CONFIGURED = {
  apple: 'Apple Wallet is not available on this server.',
  google: 'Google Wallet is not available on this server.',
} as const;
