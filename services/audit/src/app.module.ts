import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AuditHandlers } from './audit.handlers';
import { CLOCK, systemClock, type Clock } from './clock';
import { AUDIT_CONFIG, type AuditConfig } from './config';
import { AuditEntriesService } from './entries/audit-entries.service';
import { AuditEntryRecordedSubscriber } from './entries/audit-entry-recorded.subscriber';
import { AuditLogRepository } from './entries/audit-log.repository';
import { AuditRetention } from './entries/audit-retention';
import { migrations } from './migrations';

export interface AuditModuleOptions {
  /** Tests stand the retention job at a chosen instant. */
  clock?: Clock;
}

@Module({})
export class AuditModule {
  static register(
    config: AuditConfig,
    database: ServiceDatabase,
    options: AuditModuleOptions = {},
  ): DynamicModule {
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
        }),
      ],
      controllers: [AuditHandlers],
      providers: [
        { provide: AUDIT_CONFIG, useValue: config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        AuditLogRepository,
        AuditEntriesService,
        AuditEntryRecordedSubscriber,
        AuditRetention,
      ],
    };
  }
}
