import { loadConfig, requireProductionSecrets, serviceEnvSchema, type ServiceConfig } from '@avpass/platform';

/** AUDIT_RETENTION_DAYS and AUDIT_RETENTION_INTERVAL_MS are every service's (serviceEnvSchema). */
export const auditEnvSchema = serviceEnvSchema;
export type AuditConfig = ServiceConfig;

export function loadAuditConfig(env: NodeJS.ProcessEnv = process.env): AuditConfig {
  return requireProductionSecrets(loadConfig(auditEnvSchema, env));
}
