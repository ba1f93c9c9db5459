import { RPC } from '@avpass/contracts';
import {
  IDEMPOTENCY_PROVIDERS,
  PartnerDirectory,
  ServicePlatformModule,
  type ServiceDatabase,
} from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, systemClock, type Clock } from './clock';
import { CREDITS_CONFIG, type CreditsConfig } from './config';
import { CreditsHandlers } from './credits.handlers';
import { CreditsRepository } from './credits/credits.repository';
import { CreditsService } from './credits/credits.service';
import { MemberCreditsRepository } from './credits/member-credits.repository';
import { MemberCreditsService } from './credits/member-credits.service';
import { MemberEventsSubscriber } from './member-events/member-events.subscriber';
import { migrations } from './migrations';
import { CreditsSettings } from './settings';
import { CreditSummaryService } from './transactions/credit-summary.service';
import { TransactionsRepository } from './transactions/transactions.repository';
import { TransactionsService } from './transactions/transactions.service';

export interface CreditsModuleOptions {
  /** Tests stand the service at a chosen instant. */
  clock?: Clock;
}

@Module({})
export class CreditsModule {
  static register(
    config: CreditsConfig,
    database: ServiceDatabase,
    options: CreditsModuleOptions = {},
  ): DynamicModule {
    return {
      module: CreditsModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'credits',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.credits.health,
          subscribers: [MemberEventsSubscriber],
        }),
      ],
      controllers: [CreditsHandlers],
      providers: [
        { provide: CREDITS_CONFIG, useValue: config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        CreditsSettings,
        CreditsRepository,
        MemberCreditsRepository,
        TransactionsRepository,
        PartnerDirectory,
        ...IDEMPOTENCY_PROVIDERS,
        CreditsService,
        TransactionsService,
        CreditSummaryService,
        MemberCreditsService,
        MemberEventsSubscriber,
      ],
    };
  }
}
