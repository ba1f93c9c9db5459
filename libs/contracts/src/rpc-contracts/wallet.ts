import { z } from 'zod';
import {
  googleWalletLinkSchema,
  latestWalletPassRequestSchema,
  latestWalletPassSchema,
  registerWalletDeviceResponseSchema,
  registerWalletDeviceSchema,
  unregisterWalletDeviceSchema,
  walletAvailabilitySchema,
  walletDeviceLogSchema,
  walletPassFileSchema,
  walletPassRequestSchema,
  walletUpdatedPassesRequestSchema,
  walletUpdatedPassesSchema,
} from '../wallet';
import { contract, empty, health } from './contract';

/** The wallet subjects of RPC_CONTRACTS (rpc-contracts.ts). */
export const walletContracts = {
  'wallet.health.v1': health,
  /** GET /api/wallet: which wallets are configured (the voucher page shows only those badges). */
  'wallet.availability.get.v1': contract('availability', empty, walletAvailabilitySchema),
  /** GET /api/qr-codes/{id}/pass.pkpass: the voucher's signed Apple Wallet pass. */
  'wallet.apple.pass.v1': contract('applePass', walletPassRequestSchema, walletPassFileSchema),
  /** GET /api/qr-codes/{id}/google-wallet: the "Save to Google Wallet" link. */
  'wallet.google.save-link.v1': contract('googleSaveLink', walletPassRequestSchema, googleWalletLinkSchema),
  /** Apple's PassKit web service (webServiceURL = {origin}/api/wallet). */
  'wallet.apple.register.v1': contract(
    'registerDevice',
    registerWalletDeviceSchema,
    registerWalletDeviceResponseSchema,
  ),
  'wallet.apple.unregister.v1': contract('unregisterDevice', unregisterWalletDeviceSchema, z.object({})),
  'wallet.apple.updated-passes.v1': contract(
    'updatedPasses',
    walletUpdatedPassesRequestSchema,
    walletUpdatedPassesSchema,
  ),
  'wallet.apple.latest-pass.v1': contract(
    'latestPass',
    latestWalletPassRequestSchema,
    latestWalletPassSchema,
  ),
  'wallet.apple.log.v1': contract('deviceLog', walletDeviceLogSchema, z.object({})),
} as const;
