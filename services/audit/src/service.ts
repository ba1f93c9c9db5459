import { defineService } from '@avpass/platform';
import { AuditModule } from './app.module';
import { loadAuditConfig } from './config';

/** The audit service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const auditService = defineService({
  name: 'audit',
  loadConfig: loadAuditConfig,
  module: (config, database) => AuditModule.register(config, database),
});
