import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import { z } from 'zod';

export const auditEnvSchema = serviceEnvSchema.extend({
  /** Days an audit entry is kept at least; older entries are purged by the retention job (min 30). */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int('AUDIT_RETENTION_DAYS must be a whole number of days')
    .min(30, 'AUDIT_RETENTION_DAYS must be at least 30')
    .default(400),
  /** How often the retention job runs, in milliseconds (default hourly). */
  AUDIT_RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
});
export type AuditConfig = z.infer<typeof auditEnvSchema>;

export function loadAuditConfig(env: NodeJS.ProcessEnv = process.env): AuditConfig {
  return requireProductionSecrets(loadConfig(auditEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const AUDIT_CONFIG = Symbol('AUDIT_CONFIG');
