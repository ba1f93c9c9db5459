import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AuditHandlers } from './audit.handlers';
import type { AuditConfig } from './config';
import { AuditEntriesService } from './entries/audit-entries.service';
import { AuditEntryRecordedSubscriber } from './entries/audit-entry-recorded.subscriber';
import { AuditLogRepository } from './entries/audit-log.repository';
import { migrations } from './migrations';

@Module({})
export class AuditModule {
  static register(config: AuditConfig, database: ServiceDatabase): DynamicModule {
    return {
      module: AuditModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'audit',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.audit.health,
          subscribers: [AuditEntryRecordedSubscriber],
          auditTable: 'audit_log',
        }),
      ],
      controllers: [AuditHandlers],
      providers: [AuditLogRepository, AuditEntriesService, AuditEntryRecordedSubscriber],
    };
  }
}
