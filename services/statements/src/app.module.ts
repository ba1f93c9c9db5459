import { RPC } from '@avpass/contracts';
import { IDEMPOTENCY_PROVIDERS, ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { STATEMENTS_CONFIG, type StatementsConfig } from './config';
import { LedgerSubscriber, StatementEntriesRepository } from './ledger';
import { migrations } from './migrations';
import { StatementDocuments } from './documents';
import { IssuingService, MonthlyIssueWorker } from './issuing';
import { PartnerNames } from './partners';
import { PreviewService } from './preview';
import { StatementsRepository, StatementsService } from './statements';
import { StatementsHandlers } from './statements.handlers';

@Module({})
export class StatementsModule {
  static register(config: StatementsConfig, database: ServiceDatabase): DynamicModule {
    return {
      module: StatementsModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'statements',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.statements.health,
          subscribers: [LedgerSubscriber],
          mail: config,
        }),
      ],
      controllers: [StatementsHandlers],
      providers: [
        { provide: STATEMENTS_CONFIG, useValue: config },
        ...IDEMPOTENCY_PROVIDERS,
        StatementEntriesRepository,
        PartnerNames,
        LedgerSubscriber,
        PreviewService,
        StatementsRepository,
        StatementsService,
        StatementDocuments,
        IssuingService,
        MonthlyIssueWorker,
      ],
    };
  }
}
