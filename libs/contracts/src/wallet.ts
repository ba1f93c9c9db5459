import { z } from 'zod';
import { publicVoucherId } from './common';

/**
 * Wallet passes (issue 29): a voucher as an Apple Wallet pass and a Google Wallet offer that update
 * themselves when the voucher is used, cancelled, expires or goes away.
 *
 * Apple's PassKit web service is a protocol we do not choose: its paths, the `ApplePass <token>`
 * authorization, 201/200/204/304/401 answers and the JSON shapes below are Apple's
 * ("Wallet Passes: Adding a web service to update passes").
 */

/** GET /api/wallet (public): which wallets this deployment can issue passes for. */
export const walletAvailabilitySchema = z.object({ apple: z.boolean(), google: z.boolean() });
export type WalletAvailability = z.infer<typeof walletAvailabilitySchema>;

/** A voucher's pass, as the gateway asks for it (the id is the voucher's, as on its page). */
export const walletPassRequestSchema = z.object({ id: publicVoucherId });

/**
 * A built `.pkpass` (a signed ZIP of a few small images and JSON, well under the NATS message size),
 * base64 over NATS, with the moment the pass last changed (its `Last-Modified`).
 */
export const walletPassFileSchema = z.object({
  fileName: z.string(),
  contentBase64: z.string(),
  /** ISO instant, whole seconds (what an HTTP date can carry). */
  lastModified: z.string(),
});
export type WalletPassFile = z.infer<typeof walletPassFileSchema>;

/** GET /api/qr-codes/{id}/google-wallet (public): the "Save to Google Wallet" link (a signed JWT). */
export const googleWalletLinkSchema = z.object({ saveUrl: z.string() });
export type GoogleWalletLink = z.infer<typeof googleWalletLinkSchema>;

const deviceLibraryIdentifier = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,128}$/, 'Not a valid device library identifier');
const passTypeIdentifier = z
  .string()
  .regex(/^pass\.[A-Za-z0-9.-]{1,200}$/, 'Not a valid pass type identifier');
const serialNumber = z.string().min(1).max(100);
/** The raw `Authorization` header; the service checks `ApplePass <token>` against the pass's token. */
const authorization = z.string().max(500).optional();

/** POST /v1/devices/{device}/registrations/{passType}/{serial} `{pushToken}`. */
export const registerWalletDeviceSchema = z.object({
  deviceLibraryIdentifier,
  passTypeIdentifier,
  serialNumber,
  authorization,
  pushToken: z.string().regex(/^[0-9A-Fa-f]{16,200}$/, 'pushToken must be the device token in hexadecimal'),
});
/** 201 when the device is newly registered for the pass, 200 when it already was. */
export const registerWalletDeviceResponseSchema = z.object({ created: z.boolean() });

/** DELETE /v1/devices/{device}/registrations/{passType}/{serial}. */
export const unregisterWalletDeviceSchema = registerWalletDeviceSchema.omit({ pushToken: true });

/** GET /v1/devices/{device}/registrations/{passType}?passesUpdatedSince={tag}. */
export const walletUpdatedPassesRequestSchema = z.object({
  deviceLibraryIdentifier,
  passTypeIdentifier,
  passesUpdatedSince: z.string().max(40).optional(),
});
/** Empty `serialNumbers` is answered 204 by the gateway, as Apple's protocol says. */
export const walletUpdatedPassesSchema = z.object({
  serialNumbers: z.array(z.string()),
  lastUpdated: z.string(),
});

/** GET /v1/passes/{passType}/{serial} with `If-Modified-Since`. */
export const latestWalletPassRequestSchema = z.object({
  passTypeIdentifier,
  serialNumber,
  authorization,
  ifModifiedSince: z.string().max(100).optional(),
});
/** The pass, or `notModified` (304) when it has not changed since If-Modified-Since. */
export const latestWalletPassSchema = z.union([
  walletPassFileSchema.extend({ notModified: z.literal(false) }),
  z.object({ notModified: z.literal(true), lastModified: z.string() }),
]);

/** POST /v1/log `{logs: [...]}`: what the device reports about our web service. */
export const walletDeviceLogSchema = z.object({
  logs: z.array(z.string().max(2000)).max(100),
});
