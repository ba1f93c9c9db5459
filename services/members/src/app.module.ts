import { RPC } from '@avpass/contracts';
import { IDEMPOTENCY_PROVIDERS, ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, systemClock, type Clock } from './clock';
import { MEMBERS_CONFIG, type MembersConfig } from './config';
import { ImportHandlers } from './imports/import.handlers';
import { ImportService } from './imports/import.service';
import { migrations } from './migrations';
import { MemberWritesRepository } from './members/member-writes.repository';
import { MembersHandlers } from './members/members.handlers';
import { MembersRepository } from './members/members.repository';
import { MembersService } from './members/members.service';
import {
  MEMBER_ERASURE_STEPS,
  MemberPhotosHandlers,
  MemberPhotosRepository,
  MemberPhotosService,
  MemberPhotoUrls,
} from './members';
import { MemberPassWalletHandlers, MemberPassWalletService } from './pass-wallet';
import {
  MemberPassHandlers,
  MemberPassRepository,
  MemberPassService,
  PassKeys,
  PassKeysRepository,
  SecondFactorThrottle,
  WalletAvailabilityCache,
} from './pass';
import {
  ConsentRepliesService,
  DeliveriesErasure,
  DeliveriesRepository,
  DeliveriesService,
  LinkTokens,
  MemberMailTemplate,
  SendExpander,
  SendMessages,
  SendsHandlers,
  SendsRepository,
  SendsService,
  VoucherIssuer,
} from './sends';
import { MemberAuthHandlers } from './sign-in/member-auth.handlers';
import { MemberSessionsRepository } from './sign-in/member-sessions.repository';
import { MemberSessionsService } from './sign-in/member-sessions.service';
import { MemberSignInService } from './sign-in/member-sign-in.service';
import { SignInSecrets } from './sign-in/sign-in-secrets';
import { SignInTemplates } from './sign-in/sign-in-templates';
import { SignInThrottle } from './sign-in/sign-in-throttle';
import { SignInsRepository } from './sign-in/sign-ins.repository';

export interface MembersModuleOptions {
  /** Tests stand the service at a chosen instant (a pass's step, a key's rotation). */
  clock?: Clock;
}

@Module({})
export class MembersModule {
  static register(
    config: MembersConfig,
    database: ServiceDatabase,
    options: MembersModuleOptions = {},
  ): DynamicModule {
    return {
      module: MembersModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'members',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.members.health,
          redis: true,
          mail: config,
          sms: config,
        }),
      ],
      controllers: [
        MembersHandlers,
        MemberPhotosHandlers,
        ImportHandlers,
        SendsHandlers,
        MemberAuthHandlers,
        MemberPassHandlers,
        MemberPassWalletHandlers,
      ],
      providers: [
        { provide: MEMBERS_CONFIG, useValue: config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        MembersRepository,
        MemberWritesRepository,
        MemberPhotosRepository,
        MemberPhotoUrls,
        ...IDEMPOTENCY_PROVIDERS,
        MembersService,
        MemberPhotosService,
        ImportService,
        { provide: LinkTokens, useValue: new LinkTokens(config.MEMBERS_LINK_SECRET) },
        {
          provide: SendMessages,
          inject: [LinkTokens],
          useFactory: (tokens: LinkTokens) => new SendMessages(config.PUBLIC_URL, tokens),
        },
        SendsRepository,
        DeliveriesRepository,
        VoucherIssuer,
        SendExpander,
        SendsService,
        DeliveriesService,
        ConsentRepliesService,
        MemberMailTemplate,
        DeliveriesErasure,
        {
          provide: MEMBER_ERASURE_STEPS,
          inject: [DeliveriesErasure],
          useFactory: (scrub: DeliveriesErasure) => [scrub],
        },
        SignInsRepository,
        MemberSessionsRepository,
        SignInThrottle,
        { provide: SignInSecrets, useValue: new SignInSecrets(config.MEMBERS_LINK_SECRET) },
        SignInTemplates,
        MemberSignInService,
        MemberSessionsService,
        PassKeysRepository,
        PassKeys,
        MemberPassRepository,
        SecondFactorThrottle,
        WalletAvailabilityCache,
        MemberPassService,
        MemberPassWalletService,
      ],
    };
  }
}
