import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Parses the environment once at start-up into a frozen, typed object. A bad or missing value stops
 * the process with one line per problem (no stack trace).
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): Readonly<z.infer<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || 'environment';
      console.error(`Configuration error: ${key}: ${issue.message}`);
    }
    throw new ConfigurationError(
      result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  return Object.freeze(result.data);
}

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

const isValidTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const url = (protocols: RegExp, example: string) =>
  z.string().refine((v) => {
    try {
      return protocols.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL like ${example}`);

/** Settings every service and the gateway share, with safe local defaults. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: url(/^postgres(ql)?:$/, 'postgres://postgres@127.0.0.1:5432/avpass').default(
    'postgres://postgres@127.0.0.1:5432/avpass',
  ),
  REDIS_URL: url(/^rediss?:$/, 'redis://127.0.0.1:6379').default('redis://127.0.0.1:6379'),
  NATS_URL: url(/^(nats|tls):$/, 'nats://127.0.0.1:4222').default('nats://127.0.0.1:4222'),
  NATS_NAMESPACE: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,40}$/, 'must be lower-case letters, digits, _ or - (e.g. avpass)')
    .default('avpass'),
  /** How long a caller waits for a service's answer before reporting it unavailable. */
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /**
   * Secret from which each service's PostgreSQL role password is derived. The local default is
   * only for development: production must set its own (checked below).
   */
  DB_ROLE_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('avpass-local-development-only'),
  /**
   * The operator port (/metrics, /healthz, /readyz; docs/deploy.md). Unset or empty: none; 9464 in
   * containers; under `npm start` 9464 + the app's number (METRICS_PORT_BASE); 0: a free port (tests).
   */
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  /**
   * The address the operator port listens on: loopback unless a container must be probed or scraped
   * from outside (the image, docker-compose.yml and the Kubernetes manifests set 0.0.0.0).
   */
  OPERATOR_HOST: z
    .string()
    .refine(
      (host) => isIP(host) !== 0 || host === 'localhost',
      'must be an IP address such as 127.0.0.1 or 0.0.0.0 (or localhost)',
    )
    .default('127.0.0.1'),
  /**
   * When set, GET /metrics on the operator port answers only `Authorization: Bearer <METRICS_TOKEN>`
   * (401 otherwise); /healthz and /readyz stay open for probes. Unset or empty: /metrics is open.
   */
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
      .optional(),
  ),
  BUSINESS_TIMEZONE: z
    .string()
    .refine(isValidTimeZone, 'must be an IANA time zone such as America/Los_Angeles')
    .default('America/Los_Angeles'),
  /** How long the unauthenticated landing-page answers (public stats, public partners) are reused. */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
});
export type BaseConfig = z.infer<typeof baseEnvSchema>;

/** Refuses the development-only default secret in production. */
export function requireProductionSecrets<T extends { NODE_ENV: string; DB_ROLE_SECRET: string }>(
  config: T,
): T {
  if (config.NODE_ENV === 'production' && config.DB_ROLE_SECRET === 'avpass-local-development-only') {
    throw new ConfigurationError('DB_ROLE_SECRET must be set in production');
  }
  return config;
}
