// Shared launcher code for `npm start` (tools/start.mjs), `npm test` (tools/test.mjs), the e2e
// global setup and the benchmarks, one module per job under tools/platform/:
//   env.mjs         the repository root, the apps, the local default environment
//   probes.mjs      checks that PostgreSQL, Redis and NATS answer
//   infrastructure.mjs  starts the missing ones with Docker for `npm start`, and stops only those
//   log-format.mjs  pino JSON lines made readable
//   launcher.mjs    runs the built services and the gateway, waits for /health
//   mail-catcher.mjs  maildev for `npm start` when SMTP_URL is unset
export { DEFAULT_ENV, platformEnv, REPO_ROOT, SERVICES } from './platform/env.mjs';
export { checkInfrastructure } from './platform/probes.mjs';
export { ensureInfrastructure } from './platform/infrastructure.mjs';
export { formatLogLine } from './platform/log-format.mjs';
export { startPlatform } from './platform/launcher.mjs';
export { startMailCatcher } from './platform/mail-catcher.mjs';
