import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AdminBootstrap } from './auth/admin-bootstrap';
import { AuthHandlers } from './auth/auth.handlers';
import { AuthService } from './auth/auth.service';
import { LoginThrottle } from './auth/login-throttle';
import { PasswordHasher } from './auth/password-hasher';
import { CLOCK, systemClock, type Clock } from './clock';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { migrations } from './migrations';
import { PartnerDeletedSubscriber } from './partner-events/partner-deleted.subscriber';
import { PartnerStatus } from './partner-statuses/partner-status.entity';
import { PartnerStatusSubscriber } from './partner-events/partner-status.subscriber';
import { PartnerStatusesRepository } from './partner-statuses/partner-statuses.repository';
import { Session } from './sessions/session.entity';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { User } from './users/user.entity';
import { UsersHandlers } from './users/users.handlers';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

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
        PasswordHasher,
        LoginThrottle,
        AdminBootstrap,
        PartnerDeletedSubscriber,
        PartnerStatusSubscriber,
        PartnerStatusesRepository,
      ],
    };
  }
}
