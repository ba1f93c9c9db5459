// Entry points for tests that run the service in-process.
export { auditService } from './service';
export { AuditModule } from './app.module';
export { loadAuditConfig } from './config';
