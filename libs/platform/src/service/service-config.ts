import { z } from 'zod';
import { AUDIT_MIN_RETENTION_DAYS } from '../audit/audit-migration';
import { baseEnvSchema } from '../config/env';

/** Settings every service reads; a service extends this schema with its own. */
export const serviceEnvSchema = baseEnvSchema.extend({
  /** The relay's and consumers' NATS connection; defaults to NATS_URL (tests route it through a proxy). */
  EVENTS_NATS_URL: z.string().url().optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Days an audit entry is kept at least; older ones are purged by each service's retention job. */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int('AUDIT_RETENTION_DAYS must be a whole number of days')
    .min(AUDIT_MIN_RETENTION_DAYS, `AUDIT_RETENTION_DAYS must be at least ${AUDIT_MIN_RETENTION_DAYS}`)
    .default(AUDIT_MIN_RETENTION_DAYS),
  /** How often the retention job runs, in milliseconds (default hourly). */
  AUDIT_RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
});
export type ServiceConfig = z.infer<typeof serviceEnvSchema>;
