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
  /**
   * Issue 28, cheap polls: how old (ms) a polled GET's shared answer may be when served to another
   * screen of the same role and company (0: never shared).
   */
  POLL_CACHE_MS: z.coerce.number().int().min(0).max(5_000).default(1_000),
  /**
   * For how long (ms) after POLL_CACHE_MS a shared answer is still served while a fresh one is made in the
   * background (stale-while-revalidate: a poll never waits for a slow computation while screens keep
   * asking; 0: it waits). Bounded, so a screen shows a change within its interval.
   */
  POLL_STALE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /** How long (ms) a bearer token's session is trusted for polled GETs without asking again (0: never). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(15_000),
  /**
   * Polls waiting on services at once (their session check or their answer) beyond which a screen's
   * further poll is refused with 503 + Retry-After (each service's database pool holds 10 connections).
   */
  SHED_MAX_POLLS_IN_FLIGHT: z.coerce.number().int().min(0).max(10_000).default(24),
  /** The event loop's mean delay (ms, over half a second) beyond which polls are refused the same way. */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().min(1).max(10_000).default(100),
  /**
   * The shortest Retry-After (seconds) of a refused poll, which is spread up to half as much again
   * (load-shedding.ts): the screen polls again after it. Three times the screens' own interval, so
   * refusing a poll lightens the load (decision 375).
   */
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /**
   * Issue 37, the till's limits (RouteLimits in http/request-limits.ts): calls per minute per staff
   * member and per partner (check, redeem, today's list, the offline copy), and calls in flight at once per
   * staff member and per partner on one gateway. A busy till makes a few calls a minute and its offline
   * queue catches up one redeem at a time, so neither comes near them; a burst beyond them waits (429).
   */
  TILL_RATE_PER_STAFF: z.coerce.number().int().min(1).max(1_000_000).default(1_200),
  TILL_RATE_PER_PARTNER: z.coerce.number().int().min(1).max(1_000_000).default(3_000),
  TILL_IN_FLIGHT_PER_STAFF: z.coerce.number().int().min(1).max(10_000).default(6),
  TILL_IN_FLIGHT_PER_PARTNER: z.coerce.number().int().min(1).max(10_000).default(8),
  /** Apple's device log calls per minute per address (a /64 for IPv6); anonymous, so kept small. */
  WALLET_LOG_RATE_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  /** GET /api/member-photos/… (no session): calls per minute per address (a shop's tills share one). */
  MEMBER_PHOTO_RATE_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(240),
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return requireProductionSecrets(loadConfig(gatewayEnvSchema, env));
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
