import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import { z } from 'zod';

export const identityEnvSchema = serviceEnvSchema.extend({
  ADMIN_USERNAME: z.string().trim().min(1, 'must not be empty').max(64).default('admin'),
  /** When unset on first start, a random password is generated and printed once. */
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(1024).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(30),
  LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
});
export type IdentityConfig = z.infer<typeof identityEnvSchema>;

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return requireProductionSecrets(loadConfig(identityEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
