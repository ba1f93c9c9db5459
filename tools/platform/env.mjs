// Where the repository is, which apps it runs, and the local defaults of their environment.
import { fileURLToPath } from 'node:url';
import { SERVICE_DEFINITIONS, SERVICES } from './services.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

// The services, from libs/contracts/src/services.ts (the one list of them).
export { SERVICE_DEFINITIONS, SERVICES };

export const DEFAULT_ENV = Object.freeze({
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/avpass',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
  NATS_NAMESPACE: 'avpass',
  PORT: '3000',
  ADMIN_USERNAME: 'admin',
});

/** The environment with the local defaults filled in (empty values count as unset). */
export function platformEnv(env = process.env) {
  const merged = { ...env };
  for (const [key, value] of Object.entries(DEFAULT_ENV)) if (!merged[key]) merged[key] = value;
  return merged;
}
