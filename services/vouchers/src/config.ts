import { DEFAULT_BULK_MAX_QUANTITY, DEFAULT_REDEMPTION_UNDO_MINUTES } from '@avpass/contracts';
import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import { z } from 'zod';

export const vouchersEnvSchema = serviceEnvSchema.extend({
  /**
   * The public origin of the site (https://avpass.example). QR codes encode `{PUBLIC_URL}/voucher/{id}`;
   * when unset, the origin the generating page was opened on (deploymentUrl) is used.
   */
  PUBLIC_URL: z
    .string()
    .url('must be a URL like https://avpass.example')
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** The most codes one bulk batch may hold ('Maximum … QR codes per batch'). */
  BULK_MAX_QUANTITY: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_BULK_MAX_QUANTITY),
  /** Redeem attempts allowed per (client address, code) within the window. */
  REDEEM_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  REDEEM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** How long (minutes after the redemption) a partner's staff may undo it; the administrator always may. */
  REDEMPTION_UNDO_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes')
    .min(1)
    .max(10_080)
    .default(DEFAULT_REDEMPTION_UNDO_MINUTES),
});
export type VouchersConfig = z.infer<typeof vouchersEnvSchema>;

export function loadVouchersConfig(env: NodeJS.ProcessEnv = process.env): VouchersConfig {
  return requireProductionSecrets(loadConfig(vouchersEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const VOUCHERS_CONFIG = Symbol('VOUCHERS_CONFIG');
