import { randomBytes } from 'node:crypto';

/** A NATS_NAMESPACE of its own, so concurrent test files never see each other's subjects or stream. */
export function testNamespace(): string {
  return `t_${randomBytes(5).toString('hex')}`;
}

/**
 * A complete environment for services (and the gateway) created in-process in a test. Pass at least
 * DATABASE_URL (from createTestDatabase()); anything else can be overridden, and a fresh NATS
 * namespace is chosen unless one is given. Set TEST_LOG_LEVEL=info to see the apps' logs.
 */
export function testServiceEnv(
  overrides: NodeJS.ProcessEnv & { DATABASE_URL: string },
): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    NATS_URL: process.env.NATS_URL || 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    NATS_NAMESPACE: testNamespace(),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'silent',
    OUTBOX_POLL_MS: '50',
    RPC_TIMEOUT_MS: '5000',
    // The service roles (avpass_<service>) are server-wide, shared by every database on the server, and
    // each bootstrap resets their password from this secret: tests derive the same passwords as a
    // development platform on the same server, or running the tests would lock it out.
    DB_ROLE_SECRET: process.env.DB_ROLE_SECRET || 'avpass-local-development-only',
    BUSINESS_TIMEZONE: 'America/Los_Angeles',
    // Tests read the landing page's figures right after changing them.
    PUBLIC_CACHE_MS: '0',
    // The same for the screens' polled answers (issue 28): the gateway's shared answer cache and its
    // brief session answers are off unless a test turns them on.
    POLL_CACHE_MS: '0',
    SESSION_CACHE_MS: '0',
  };
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) env[key] = value;
  return env;
}
