import { RpcClient } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { BearerAuthGuard, RolesGuard } from './auth/auth.guards';
import { BearerStrategy } from './auth/bearer.strategy';
import { SessionRevocations } from './auth/session-revocations';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { GatewayOperatorPort } from './health/gateway-operator-port';
import { HealthController } from './health/health.controller';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { LoadShedder } from './http/load-shedding';
import { PollVersions } from './http/poll-versions';
import { RouteTraits } from './http/route-traits';
import { RequestLimits, RequestLimitsGuard } from './http/request-limits';
import { SessionCache } from './http/session-cache';
import { QueuesModule } from './queues/queues.module';
import { HtmlAnswer } from './http/html-answer';
import { SpaIndex } from './http/spa-index';
import { ServiceCaller } from './rpc/service-caller';
import { AdminProfileController, AuthController } from './routes/auth.controller';
import { AuditController } from './routes/audit.controller';
import { AuditNames } from './routes/audit-names';
import { ExclusivesController } from './routes/exclusives.controller';
import { CreditsController } from './routes/credits.controller';
import { InventoryController } from './routes/inventory.controller';
import { MemberRepliesController } from './routes/member-replies.controller';
import { MembersController } from './routes/members.controller';
import { MemberPhotosController } from './routes/member-photos.controller';
import { MemberAuthController } from './routes/member-auth.controller';
import { MeController, MemberVouchersController } from './routes/me.controller';
import { MemberGuard } from './auth/member.guard';
import { PartnersController } from './routes/partners.controller';
import { RedemptionsController } from './routes/redemptions.controller';
import { RenderingController } from './routes/rendering.controller';
import { StatementsController } from './routes/statements.controller';
import { TillController } from './routes/till.controller';
import { TillPassController } from './routes/till-pass.controller';
import { TillConflictsController } from './routes/till-conflicts.controller';
import { VoucherPageController } from './routes/voucher-page.controller';
import { TrainersController } from './routes/trainers.controller';
import { VouchersController } from './routes/vouchers.controller';
import { MemberWalletController, WalletController } from './routes/wallet.controller';
import { ImageStore } from './uploads/image-store';
import { UploadJanitor } from './uploads/upload-janitor';
import { UploadsController } from './uploads/uploads.controller';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [PassportModule, DiscoveryModule, QueuesModule.register(config)],
      controllers: [
        AuthController,
        AdminProfileController,
        PartnersController,
        InventoryController,
        MembersController,
        MemberPhotosController,
        MemberRepliesController,
        MemberAuthController,
        MeController,
        MemberVouchersController,
        TrainersController,
        VouchersController,
        RedemptionsController,
        TillController,
        TillPassController,
        TillConflictsController,
        ExclusivesController,
        VoucherPageController,
        RenderingController,
        StatementsController,
        CreditsController,
        AuditController,
        WalletController,
        MemberWalletController,
        UploadsController,
        HealthController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        {
          provide: RpcClient,
          useFactory: async () => {
            const client = new RpcClient({
              natsUrl: config.NATS_URL,
              namespace: config.NATS_NAMESPACE,
              timeoutMs: config.RPC_TIMEOUT_MS,
              name: 'gateway',
            });
            await client.connect();
            return client;
          },
        },
        { provide: SpaIndex, useValue: new SpaIndex(config.FRONTEND_DIST) },
        { provide: HtmlAnswer, useValue: new HtmlAnswer() },
        ServiceCaller,
        AuditNames,
        GatewayOperatorPort,
        BearerStrategy,
        MemberGuard,
        ImageStore,
        UploadJanitor,
        { provide: APP_GUARD, useClass: BearerAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        // After the caller is known; before any interceptor (the conditional GET of @Polled routes): a
        // limited caller is refused even what a cache could answer.
        { provide: APP_GUARD, useClass: RequestLimitsGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        RouteTraits,
        PollVersions,
        LoadShedder,
        SessionCache,
        SessionRevocations,
        RequestLimits,
      ],
    };
  }
}
