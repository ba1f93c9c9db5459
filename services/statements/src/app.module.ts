import { RPC } from '@avpass/contracts';
import {
  IDEMPOTENCY_PROVIDERS,
  PartnerDirectory,
  ServicePlatformModule,
  type ServiceDatabase,
} from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { STATEMENTS_CONFIG, type StatementsConfig } from './config';
import { LedgerSubscriber, StatementEntriesRepository } from './ledger';
import { migrations } from './migrations';
import { StatementDocuments } from './documents';
import { IssuingService, MonthlyIssueWorker } from './issuing';
import { PreviewService } from './preview';
import { StatementsRepository, StatementsService } from './statements';
import { StatementsHandlers } from './statements.handlers';

@Module({})
export class StatementsModule {
  /**
   * STATEMENTS_MODE: the API (calls, the ledger's events, the issue, the mail relay), the mail worker
   * (statement PDFs and SMTP), or both in one process (`all`).
   */
  static register(config: StatementsConfig, database: ServiceDatabase): DynamicModule {
    const answersCalls = config.STATEMENTS_MODE !== 'worker';
    const sendsMail = config.STATEMENTS_MODE !== 'api';
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
          subscribers: answersCalls ? [LedgerSubscriber] : [],
          mail: config,
          mailRole: answersCalls ? (sendsMail ? 'all' : 'relay') : 'worker',
        }),
      ],
      controllers: answersCalls ? [StatementsHandlers] : [],
      providers: [
        { provide: STATEMENTS_CONFIG, useValue: config },
        ...IDEMPOTENCY_PROVIDERS,
        PartnerDirectory,
        StatementsRepository,
        StatementsService,
        // The PDF: downloads (API) and the mail's attachment (worker).
        StatementDocuments,
        ...(answersCalls
          ? [StatementEntriesRepository, LedgerSubscriber, PreviewService, IssuingService, MonthlyIssueWorker]
          : []),
      ],
    };
  }
}
