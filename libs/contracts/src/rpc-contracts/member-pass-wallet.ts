import {
  memberPassRequestSchema,
  memberPassStaticCodeSchema,
  memberPassTotpSecretSchema,
} from '../member-pass-wallet';
import { googleWalletLinkSchema, walletPassFileSchema } from '../wallet';
import { contract } from './contract';

/**
 * The member pass in the wallets (issue 43): the members service's answers the wallet service builds
 * the passes from, and the wallet service's member passes (the gateway's /api/me/pass/wallet/*, the
 * member's id from the session). Kept in a file of their own (decisions 370, 371).
 */
export const memberPassWalletContracts = {
  /** Apple Wallet's static member code (kind static, signed by the members service). */
  'members.pass.static-code.v1': contract(
    'passStaticCode',
    memberPassRequestSchema,
    memberPassStaticCodeSchema,
  ),
  /** The member's Google Wallet TOTP secret for the current pass version. */
  'members.pass.totp-secret.v1': contract(
    'passTotpSecret',
    memberPassRequestSchema,
    memberPassTotpSecretSchema,
  ),
  /** GET /api/me/pass/wallet/apple: the member's Apple Wallet pass (static code + second factor). */
  'wallet.member.apple-pass.v1': contract('memberApplePass', memberPassRequestSchema, walletPassFileSchema),
  /** GET /api/me/pass/wallet/google: the member's "Save to Google Wallet" link (rotating barcode). */
  'wallet.member.google-save-link.v1': contract(
    'memberGoogleSaveLink',
    memberPassRequestSchema,
    googleWalletLinkSchema,
  ),
} as const;
