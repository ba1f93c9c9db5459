import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import { z } from 'zod';

export const identityEnvSchema = serviceEnvSchema.extend({
  ADMIN_USERNAME: z.string().trim().min(1, 'must not be empty').max(64).default('admin'),
  /** When unset on first start, a random password is generated and printed once. */
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(1024).optional(),
  /** A session ends this long after its sign-in, however busy (never extended). */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** …and this long after its last request (spec §9: 10 minutes); a screen's polls are requests. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(2, 'must be at least 2 (a use is recorded once a minute)')
    .max(24 * 60)
    .default(10),
  /*
   * Sign-in throttle (auth/login-throttle.ts). Nothing refuses the right password outright: repeated
   * failures make further attempts wait, doubling each time up to LOGIN_MAX_DELAY_SECONDS, counted per
   * account and address, per account, per address, and per trusted device.
   */
  /** Failures one username may have from one address (or one trusted device) before attempts must wait. */
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failures from one address (every username together) before attempts from it must wait. */
  LOGIN_FREE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /**
   * Failures for one username from everywhere after which it counts as under attack: each new address
   * then gets one free failure for it instead of LOGIN_FREE_FAILURES (trusted devices are not affected).
   */
  LOGIN_USERNAME_ATTACK_FAILURES: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Failures against one account from every source without its trusted device, together, before
   * each such attempt must wait (the account-wide budget); the first attempt past it is recorded as
   * an attack. They are forgotten LOGIN_ACCOUNT_FAILURE_MEMORY_SECONDS after the last one.
   */
  LOGIN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).max(100_000).default(50),
  LOGIN_ACCOUNT_FAILURE_MEMORY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** The first wait; each further failure doubles it. */
  LOGIN_DELAY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(1),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** A count is forgotten this long after its last failure. */
  LOGIN_FAILURE_MEMORY_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(86_400),
});
export type IdentityConfig = z.infer<typeof identityEnvSchema>;

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return requireProductionSecrets(loadConfig(identityEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
