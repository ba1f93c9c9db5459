import { baseEnvSchema, loadConfig, requireProductionSecrets } from '@avpass/platform';
import { resolve } from 'node:path';
import { z } from 'zod';

export const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((dir) => resolve(dir)),
  /** The origin printed into QR codes; when unset, the request's own origin is used. */
  PUBLIC_URL: z.string().url('must be an absolute URL such as https://pass.example.org').optional(),
  /** Where the built React app lives; the gateway serves it with an SPA fallback. */
  FRONTEND_DIST: z.string().default(resolve(__dirname, '../../frontend/dist')),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Key of the sign-in device cookie (auth/device-cookie.ts). Unset: derived from DB_ROLE_SECRET (which
   * production must set), so it survives restarts and is the same on every gateway replica.
   */
  DEVICE_COOKIE_SECRET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return requireProductionSecrets(loadConfig(gatewayEnvSchema, env));
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
