import { RPC } from '@avpass/contracts';
import { AfterCommit, ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AdminBootstrap, AuthHandlers, AuthService, LoginThrottle, SessionActorsRepository } from './auth';
import { CLOCK, systemClock, type Clock } from './clock';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { migrations } from './migrations';
import { PartnerDeletedSubscriber, PartnerStatusSubscriber } from './partner-events';
import { PartnerStatus, PartnerStatusesRepository } from './partner-statuses';
import { Session, SessionRevocations, SessionsRepository, SessionsService } from './sessions';
import { PasswordHasher, User, UsersHandlers, UsersRepository, UsersService } from './users';

export interface IdentityModuleOptions {
  /** Tests stand the service at a chosen instant (sign-in delays). */
  clock?: Clock;
}

@Module({})
export class IdentityModule {
  static register(
    config: IdentityConfig,
    database: ServiceDatabase,
    options: IdentityModuleOptions = {},
  ): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'identity',
          config,
          database,
          entities: [User, Session, PartnerStatus],
          migrations,
          healthPattern: RPC.identity.health,
          subscribers: [PartnerDeletedSubscriber, PartnerStatusSubscriber],
          redis: true,
        }),
      ],
      controllers: [AuthHandlers, UsersHandlers],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        AuthService,
        UsersService,
        UsersRepository,
        SessionsService,
        SessionsRepository,
        AfterCommit,
        SessionRevocations,
        PasswordHasher,
        LoginThrottle,
        AdminBootstrap,
        PartnerDeletedSubscriber,
        PartnerStatusSubscriber,
        PartnerStatusesRepository,
        SessionActorsRepository,
      ],
    };
  }
}
