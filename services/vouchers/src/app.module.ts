import { RPC } from '@avpass/contracts';
import {
  IDEMPOTENCY_PROVIDERS,
  PartnerDirectory,
  ServicePlatformModule,
  type ServiceDatabase,
} from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AssignmentHandlers } from './assignment/assignment.handlers';
import { AssignmentService } from './assignment/assignment.service';
import { PartnerDetails } from './assignment/partner-details';
import { AssignmentsRepository } from './assignment/assignments.repository';
import { CLOCK, systemClock, type Clock } from './clock';
import { Batch } from './batches/batch.entity';
import { BatchCatalogue } from './batches/batch-catalogue.service';
import { BatchesHandlers } from './batches/batches.handlers';
import { BatchesRepository } from './batches/batches.repository';
import { QrCodePartner } from './assignment/qr-code-partner.entity';
import { QrCode } from './codes/qr-code.entity';
import { QrCodesRepository } from './codes/qr-codes.repository';
import { HolderWritesRepository } from './codes/holder-writes.repository';
import { HeldVouchersRepository } from './holders/held-vouchers.repository';
import { HeldVouchersService } from './holders/held-vouchers.service';
import { HoldersHandlers } from './holders/holders.handlers';
import { IssueToMembersService } from './holders/issue-to-members.service';
import { IssueCopiesRepository } from './holders/issue-copies.repository';
import { MemberUsesRepository } from './holders/member-uses.repository';
import { MemberDaysRepository } from './holders/member-days.repository';
import { MemberLimits } from './holders/member-limits.service';
import { CodePagesRepository } from './codes/code-pages.repository';
import { CodeCatalogue } from './issuing/code-catalogue.service';
import { IssuingHandlers } from './issuing/issuing.handlers';
import { QrCodesService } from './issuing/qr-codes.service';
import { Redemption } from './redemptions/redemption.entity';
import type { VouchersConfig } from './config';
import { ExclusivesHandlers } from './exclusives/exclusives.handlers';
import { ExclusivesRepository } from './exclusives/exclusives.repository';
import { ExclusivesService } from './exclusives/exclusives.service';
import { migrations } from './migrations';
import { PartnerDeletedSubscriber } from './partner-events/partner-deleted.subscriber';
import { MemberEventsSubscriber } from './member-events/member-events.subscriber';
import { MemberRedemptionsRepository } from './redemptions/member-redemptions.repository';
import { RedeemRateLimiter } from './redemptions/redeem-rate-limiter';
import { RedeemService } from './redemptions/redeem.service';
import { RedemptionsRepository } from './redemptions/redemptions.repository';
import { RedemptionsHandlers } from './redemptions/redemptions.handlers';
import { RedemptionUndoRepository } from './redemptions/redemption-undo.repository';
import { RedemptionUndoService } from './redemptions/redemption-undo.service';
import { RenderHandlers } from './render/render.handlers';
import { RenderResolverService } from './render/render-resolver.service';
import { VOUCHERS_CONFIG, VouchersSettings } from './settings/vouchers-settings';
import { StatsRepository } from './redemptions/stats.repository';
import { TalliesRepository } from './tallies/tallies.repository';
import { StatsService } from './redemptions/stats.service';
import { TallyFolder } from './tallies/tally-folder';
import { PendingTalliesRepository } from './tallies/pending-tallies.repository';
import { DashboardFigures } from './tallies/dashboard-figures.service';
import { TalliesHandlers } from './tallies/tallies.handlers';
import { TillCodesHandlers } from './till/till-codes.handlers';
import { TillCodesRepository } from './till/till-codes.repository';
import { TillCodesService } from './till/till-codes.service';
import { TillHandlers } from './till/till.handlers';
import { TillRepository } from './till/till.repository';
import { TillService } from './till/till.service';
import { TillAnswers } from './till/till-answers';
import { TillLookup } from './till/till-lookup';
import { TillMemberCodesService } from './till/till-member-codes.service';
import { TillOfflineScans } from './till/till-offline-scans';
import { TillConflictsRepository } from './till/till-conflicts.repository';
import { TillConflictsService } from './till/till-conflicts.service';
import { TrainersHandlers } from './trainers/trainers.handlers';
import { TrainersRepository } from './trainers/trainers.repository';
import { TrainersService } from './trainers/trainers.service';
import { VoucherSettingsHandlers } from './settings/voucher-settings.handlers';
import { VoucherSettingsRepository } from './settings/voucher-settings.repository';
import { VoucherSettingsService } from './settings/voucher-settings.service';

export interface VouchersModuleOptions {
  /** Tests stand the service at a chosen instant. */
  clock?: Clock;
}

@Module({})
export class VouchersModule {
  static register(
    config: VouchersConfig,
    database: ServiceDatabase,
    options: VouchersModuleOptions = {},
  ): DynamicModule {
    return {
      module: VouchersModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'vouchers',
          config,
          database,
          entities: [QrCode, Redemption, QrCodePartner, Batch],
          migrations,
          healthPattern: RPC.vouchers.health,
          subscribers: [PartnerDeletedSubscriber, MemberEventsSubscriber],
          redis: true,
        }),
      ],
      controllers: [
        IssuingHandlers,
        BatchesHandlers,
        TalliesHandlers,
        RenderHandlers,
        ExclusivesHandlers,
        TrainersHandlers,
        AssignmentHandlers,
        RedemptionsHandlers,
        TillHandlers,
        TillCodesHandlers,
        VoucherSettingsHandlers,
        HoldersHandlers,
      ],
      providers: [
        { provide: VOUCHERS_CONFIG, useValue: config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        VouchersSettings,
        QrCodesRepository,
        CodePagesRepository,
        HolderWritesRepository,
        HeldVouchersRepository,
        HeldVouchersService,
        IssueToMembersService,
        IssueCopiesRepository,
        MemberUsesRepository,
        MemberDaysRepository,
        MemberLimits,
        BatchesRepository,
        AssignmentsRepository,
        RedemptionsRepository,
        RedemptionUndoRepository,
        RedemptionUndoService,
        StatsRepository,
        TalliesRepository,
        TallyFolder,
        PendingTalliesRepository,
        RenderResolverService,
        QrCodesService,
        CodeCatalogue,
        BatchCatalogue,
        DashboardFigures,
        RedeemService,
        RedeemRateLimiter,
        AssignmentService,
        PartnerDetails,
        StatsService,
        PartnerDeletedSubscriber,
        MemberEventsSubscriber,
        MemberRedemptionsRepository,
        ExclusivesRepository,
        ExclusivesService,
        TrainersRepository,
        TrainersService,
        PartnerDirectory,
        TillRepository,
        TillService,
        TillAnswers,
        TillLookup,
        TillMemberCodesService,
        TillOfflineScans,
        TillConflictsRepository,
        TillConflictsService,
        TillCodesRepository,
        TillCodesService,
        VoucherSettingsRepository,
        VoucherSettingsService,
        ...IDEMPOTENCY_PROVIDERS,
      ],
    };
  }
}
