import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import { resolve } from 'node:path';
import { z } from 'zod';
import { WALLET_JOB_RETRY } from '@avpass/contracts';

/** Unset or blank reads as unset: `APPLE_SIGNER_KEY=` in a compose file means "not configured". */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const httpUrl = (example: string) =>
  z
    .string()
    .url(`must be a URL like ${example}`)
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, ''));

/**
 * The wallet service's settings (issue 29). Apple Wallet is configured by the six APPLE_* signing
 * settings (all or none; docs/deploy.md says how to obtain each), Google Wallet by its issuer id and
 * service account (both or neither). Each value that holds a certificate or key may be the PEM text
 * itself or a path to the file. What is set is checked at start-up (wallet-credentials.ts): a
 * half-configured or broken wallet stops the service with a message naming the setting.
 */
export const walletEnvSchema = serviceEnvSchema.extend({
  /** Shared with the gateway: partner logos and trainer photos are read from DATA_DIR/uploads. */
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((dir) => resolve(dir)),
  /** Apple: the pass type identifier registered in the developer account (pass.com.example.avpass). */
  APPLE_PASS_TYPE_ID: optionalText,
  /** Apple: the developer team identifier (10 characters). */
  APPLE_TEAM_ID: optionalText,
  /** Apple: the pass type certificate (PEM text or path). */
  APPLE_SIGNER_CERT: optionalText,
  /** Apple: the pass type certificate's private key (PEM text or path). */
  APPLE_SIGNER_KEY: optionalText,
  /** Apple: the private key's passphrase, when it has one. */
  APPLE_SIGNER_KEY_PASSPHRASE: optionalText,
  /** Apple: the Worldwide Developer Relations intermediate certificate (PEM or DER, text or path). */
  APPLE_WWDR_CERT: optionalText,
  /**
   * The PassKit web service passes point at; default: the voucher link's origin + /api/wallet.
   * Apple devices only call an https URL.
   */
  WALLET_WEB_SERVICE_URL: httpUrl('https://avpass.example/api/wallet').optional(),
  /** APNs: production https://api.push.apple.com (development: https://api.sandbox.push.apple.com). */
  APPLE_APNS_URL: httpUrl('https://api.push.apple.com').default('https://api.push.apple.com'),
  /** APNs token authentication: the .p8 key (PEM text or path) and its key id; unset: the pass certificate authenticates. */
  APPLE_APNS_KEY: optionalText,
  APPLE_APNS_KEY_ID: optionalText,
  /** Google Wallet: the issuer id from the Google Pay & Wallet console. */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d{1,30}$/, 'must be the numeric issuer id')
        .optional(),
    ),
  /** Google Wallet: the service account's JSON key (the JSON text or a path to the file). */
  GOOGLE_WALLET_SERVICE_ACCOUNT: optionalText,
  /** Google Wallet REST API (a stand-in's address in tests). */
  GOOGLE_WALLET_API_URL: httpUrl('https://walletobjects.googleapis.com/walletobjects/v1').default(
    'https://walletobjects.googleapis.com/walletobjects/v1',
  ),
  /** Google's OAuth token endpoint; default: the service account's token_uri. */
  GOOGLE_WALLET_TOKEN_URL: httpUrl('https://oauth2.googleapis.com/token').optional(),
  /** The issuer name shown on Google passes. */
  WALLET_ISSUER_NAME: z.string().min(1).max(60).default('AV Pass'),
  /** Attempts of one wallet update (push or patch) before it is given up, and the first retry's delay (doubling). */
  WALLET_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(WALLET_JOB_RETRY.attempts),
  WALLET_JOB_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(WALLET_JOB_RETRY.backoff.delay),
  /** One APNs or Google call is given up (and retried by its job) after this long. */
  WALLET_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});
export type WalletConfig = z.infer<typeof walletEnvSchema>;

export function loadWalletConfig(env: NodeJS.ProcessEnv = process.env): WalletConfig {
  return requireProductionSecrets(loadConfig(walletEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const WALLET_CONFIG = Symbol('WALLET_CONFIG');
