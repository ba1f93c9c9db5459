// Entry points for tests that run the service in-process.
export { auditService } from './service';
export { AuditModule, type AuditModuleOptions } from './app.module';
export { AuditRetention } from './entries/audit-retention';
export { loadAuditConfig } from './config';
export type { Clock } from './clock';
