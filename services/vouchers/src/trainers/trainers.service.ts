import {
  ANALYTICS_MAX_DAYS,
  RPC,
  type Actor,
  type GenerateTrainerQrInput,
  type GenerateTrainerQrResponse,
  type Page,
  type RpcMeta,
  type SavedTrainerConfig,
  type SortOrder,
  TRAINER_SORT_DEFAULT_ORDER,
  type TrainerSort,
  type TrainerStatusFilter,
  type TrainerAnalytics,
  type TrainerCode,
  type TrainerConfig,
  type TrainerExportPage,
  type TrainerRules,
} from '@avpass/contracts';
import { addDays, endOfBusinessDay, todayInTimeZone, trainerTitleFor } from '@avpass/domain';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  EventOutbox,
  Idempotency,
  PartnerDirectory,
  Transactions,
  type Tx,
  requestedSort,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { AssignmentsRepository } from '../assignment';
import { codeAuditFields, QrCode, toQrCode, QrCodesRepository, NEW_CODE_VERSION, snapshotOf } from '../codes';
import { FALLBACK_ORIGIN, ORIGIN_FIELDS, OWN_COMPANY_ONLY_LIST_MESSAGE } from '../codes';
import { VouchersSettings, VoucherSettingsRepository } from '../settings';
import { TalliesRepository } from '../tallies';
import { TrainersRepository, type AnalyticsSelection, type ExportRow } from './trainers.repository';

/** The analytics' range when none is asked: the last 30 business days, today included. */
export const DEFAULT_ANALYTICS_DAYS = 30;

type AnalyticsQuery = {
  startDate?: string | undefined;
  endDate?: string | undefined;
  trainerId?: string | undefined;
};

@Injectable()
export class TrainersService {
  constructor(
    private readonly trainers: TrainersRepository,
    private readonly codes: QrCodesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly tallies: TalliesRepository,
    private readonly outbox: EventOutbox,
    private readonly settings: VouchersSettings,
    private readonly partners: PartnerDirectory,
    private readonly idempotency: Idempotency,
    private readonly voucherSettings: VoucherSettingsRepository,
    private readonly audit: AuditTrail,
    private readonly transactions: Transactions,
  ) {}

  /**
   * One code per name, all in one transaction (all or nothing), each with its rules row, the chosen
   * partner's when one is given (its vendorId, assigned to it at once; an unknown partner is 404
   * 'Partner not found' and nothing is made), and its voucher.created (and assigned) event.
   */
  generateTrainerQr(
    actor: Actor,
    input: GenerateTrainerQrInput,
    meta: RpcMeta,
  ): Promise<GenerateTrainerQrResponse> {
    const call = {
      actor,
      operation: RPC.vouchers.generateTrainer,
      request: input,
      unfingerprinted: ORIGIN_FIELDS,
    };
    return this.idempotency.once(call, (tx) => this.generateOnce(tx, actor, input, meta));
  }

  private async generateOnce(
    tx: Tx,
    actor: Actor,
    input: GenerateTrainerQrInput,
    meta: RpcMeta,
  ): Promise<GenerateTrainerQrResponse> {
    // No partner name sent (the §3 payload has none): the assigned partner's, else the trainer's own.
    const partnerId = input.partnerId?.toLowerCase() ?? null;
    const assignedName = partnerId ? await this.partners.nameOf(partnerId, meta, 'Partner') : null;
    const now = this.settings.now();
    // "Valid for N days" counts from the start when it is still to come, else from today.
    const today = todayInTimeZone(now, this.settings.timeZone);
    const startDate = input.startDate ?? null;
    const expirationDate = addDays(startDate && startDate > today ? startDate : today, input.validDays);
    const origin = (this.settings.config.PUBLIC_URL ?? input.deploymentUrl ?? FALLBACK_ORIGIN).replace(
      /\/+$/,
      '',
    );
    const rules = rulesOf(input);
    const defaults = await this.voucherSettings.defaults(tx);
    const redemptionMode = input.redemptionMode ?? defaults.defaultRedemptionMode;
    const fundedBy = input.fundedBy ?? defaults.defaultFundedBy;
    // The coupon title is a template: each code carries it with `{name}` made its trainer's name.
    const titles = new Map<string, string>();
    const codes = input.names.map((name) => {
      const code = new QrCode();
      const partnerName = input.partnerName ?? assignedName ?? name;
      const couponTitle = trainerTitleFor(input.couponTitle, name);
      titles.set(code.id, couponTitle);
      return Object.assign(code, {
        companyId: actor.companyId,
        createdByUserId: actor.userId,
        vendorId: partnerId,
        clinicName: partnerName,
        discountType: 'percentage' as const,
        discountValue: input.discountValue,
        service: input.service ? trainerTitleFor(input.service, name) : couponTitle,
        expirationDate,
        startDate,
        usageLimit: input.usageLimit,
        terms: input.terms,
        customTitle: couponTitle,
        partnerType: input.partnerType,
        qrType: 'trainer' as const,
        trainerName: name,
        trainerImage: input.trainerImage ?? null,
        trainerRole: input.trainerRole,
        redemptionMode,
        fundedBy,
        qrUrl: `${origin}/voucher/${code.id}`,
        qrData: {
          trainerName: name,
          partnerName,
          couponTitle,
          ...rules,
        },
        createdAt: now,
      });
    });
    const partnerIds = partnerId ? [partnerId] : [];
    await this.codes.insertMany(tx, codes);
    await this.trainers.insertRules(
      tx,
      codes.map((c) => ({ qrCodeId: c.id, couponTitle: titles.get(c.id)!, rules })),
    );
    await this.tallies.codesCreated(tx, codes);
    for (const code of codes) {
      const created = snapshotOf(code, NEW_CODE_VERSION);
      this.outbox.enqueueEvent(tx, 'vouchers.voucher.created.v1', {
        ...created,
        partnerIds: [],
        vendorId: code.vendorId,
      });
      // One entry per trainer code (a call names a few trainers): each code's history starts here.
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.trainer-code.created',
        targetType: 'voucher',
        targetId: code.id,
        companyId: code.vendorId,
        changes: diffChanges(null, { ...codeAuditFields(code), couponTitle: titles.get(code.id), rules }),
      });
      if (!partnerIds.length) continue;
      await this.assignments.insert(tx, code.id, partnerIds, actor.userId);
      const assigned = await this.tallies.assignmentsChanged(
        tx,
        code.id,
        partnerIds,
        [],
        this.settings.timeZone,
      );
      this.outbox.enqueueEvent(tx, 'vouchers.voucher.assigned.v1', { ...(assigned ?? created), partnerIds });
    }
    const ctx = this.settings.mapping(now);
    return {
      id: codes[0]!.id,
      count: codes.length,
      qrCodes: codes.map((c) => ({
        ...toQrCode(c, ctx, partnerIds.length),
        couponTitle: titles.get(c.id)!,
        rules,
      })),
    };
  }

  /** The administrator: every trainer code; a company: those assigned to it. Newest first. */
  /**
   * The trainer codes table (issue 27): newest first unless `sort`/`order` say otherwise, narrowed by
   * the chip's `status` and a `partnerId`. A company sees its assigned codes only: a partnerId of
   * another partner is refused (403), its own changes nothing.
   */
  async list(
    actor: Actor,
    query: {
      limit: number;
      offset: number;
      search?: string | undefined;
      cursor?: string | undefined;
      sort?: TrainerSort | undefined;
      order?: SortOrder | undefined;
      status?: TrainerStatusFilter | undefined;
      partnerId?: string | undefined;
    },
  ): Promise<Page<TrainerCode>> {
    const { sort, order, status, partnerId, ...window } = query;
    if (
      partnerId &&
      actor.role !== 'super_admin' &&
      partnerId.toLowerCase() !== actor.companyId?.toLowerCase()
    ) {
      throw DomainError.forbidden(OWN_COMPANY_ONLY_LIST_MESSAGE);
    }
    const sorted = requestedSort(sort, order, TRAINER_SORT_DEFAULT_ORDER);
    const page = await this.trainers.page(actor, window, {
      sort: sorted,
      status,
      today: status ? todayInTimeZone(this.settings.now(), this.settings.timeZone) : undefined,
      partnerId: actor.role === 'super_admin' ? partnerId?.toLowerCase() : undefined,
    });
    const ctx = this.settings.mapping();
    const counts = await this.assignments.partnerCounts(page.rows.map((r) => r.code.id));
    return {
      items: page.rows.map((r) => ({
        ...toQrCode(r.code, ctx, counts.get(r.code.id) ?? 0),
        couponTitle: r.couponTitle,
        rules: r.rules,
      })),
      total: page.total,
      limit: window.limit,
      offset: window.offset,
      nextCursor: page.nextCursor,
    };
  }

  async getConfig(actor: Actor): Promise<SavedTrainerConfig> {
    const saved = await this.trainers.findConfig(actor.userId);
    return { config: saved?.config ?? null, updatedAt: saved?.updatedAt.toISOString() ?? null };
  }

  async saveConfig(actor: Actor, config: TrainerConfig, meta: RpcMeta): Promise<SavedTrainerConfig> {
    const at = this.settings.now();
    await this.transactions.run(async (tx) => {
      const before = await this.trainers.findConfig(actor.userId, tx);
      await this.trainers.saveConfig(actor.userId, config, at, tx);
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.trainer-config.saved',
        targetType: 'trainer-config',
        targetId: actor.userId,
        companyId: actor.companyId,
        changes: diffChanges(before?.config ?? null, config),
      });
    });
    return { config, updatedAt: at.toISOString() };
  }

  async analytics(
    actor: Actor,
    query: AnalyticsQuery & { limit: number; cursor?: string | undefined },
  ): Promise<TrainerAnalytics> {
    const { sel, startDate, endDate } = this.selection(actor, query);
    const [trainers, daily, page] = await Promise.all([
      this.trainers.countTrainers(sel),
      this.trainers.dailyFigures(sel),
      this.trainers.trainerFigures(sel, query.limit, query.cursor),
    ]);
    const byDay = new Map(daily.map((d) => [d.day, d]));
    const days: TrainerAnalytics['daily'] = [];
    for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
      days.push(byDay.get(day) ?? { day, redemptions: 0, transactionAmount: 0, discountGiven: 0 });
    }
    const sum = (pick: (d: (typeof daily)[number]) => number) => daily.reduce((n, d) => n + pick(d), 0);
    const totalDiscountsGiven = sum((d) => d.discountGiven);
    return {
      startDate,
      endDate,
      summary: {
        totalTrainers: trainers,
        totalRedemptions: sum((d) => d.redemptions),
        totalTransactionVolume: sum((d) => d.transactionAmount),
        totalDiscountsGiven,
        averageDiscountPerTrainer: trainers ? Math.round(totalDiscountsGiven / trainers) : 0,
      },
      daily: days,
      trainers: page.rows.map((r) => ({
        qrCodeId: r.code.id,
        trainerName: r.code.trainerName ?? '',
        trainerRole: r.code.trainerRole,
        trainerImage: r.code.trainerImage,
        partnerName: r.code.clinicName,
        discountPercent: r.code.discountValue,
        totalRedemptions: r.redemptions,
        totalTransactionAmount: r.transactionAmount,
        totalDiscountGiven: r.discountGiven,
        averageTransactionAmount: r.sales ? Math.round(r.transactionAmount / r.sales) : 0,
        lastRedemption: r.lastRedemption?.toISOString() ?? null,
        redemptions: r.firstRedemptions.map((x) => ({
          id: x.id,
          redeemedAt: new Date(x.redeemed_at).toISOString(),
          redeemedBy: x.redeemed_by,
          deviceInfo: x.device_info,
          transactionAmount: x.transaction_amount,
          discountApplied: x.discount_applied,
        })),
      })),
      nextCursor: page.nextCursor,
    };
  }

  async exportPage(
    actor: Actor,
    query: AnalyticsQuery & { limit: number; cursor?: string | undefined },
  ): Promise<TrainerExportPage> {
    const { sel, startDate, endDate } = this.selection(actor, query);
    const page = await this.trainers.exportPage(sel, query.limit, query.cursor);
    return { startDate, endDate, rows: page.rows.map(toExportRow), nextCursor: page.nextCursor };
  }

  /** Business days in BUSINESS_TIMEZONE, both included, as the instants [from, to). */
  private selection(actor: Actor, query: AnalyticsQuery) {
    const tz = this.settings.timeZone;
    const today = todayInTimeZone(this.settings.now(), tz);
    const endDate = query.endDate ?? today;
    const startDate = query.startDate ?? addDays(endDate, -(DEFAULT_ANALYTICS_DAYS - 1));
    if (startDate > endDate) {
      const message = 'Start date must be on or before the end date';
      throw DomainError.validation(message, { startDate: [message] });
    }
    if (addDays(startDate, ANALYTICS_MAX_DAYS - 1) < endDate) {
      const message = `The range can cover at most ${ANALYTICS_MAX_DAYS} days`;
      throw DomainError.validation(message, { endDate: [message] });
    }
    const trainerId = query.trainerId && query.trainerId !== 'all' ? query.trainerId : undefined;
    const sel: AnalyticsSelection = {
      actor,
      startDate,
      endDate,
      from: new Date(endOfBusinessDay(addDays(startDate, -1), tz).getTime() + 1),
      to: new Date(endOfBusinessDay(endDate, tz).getTime() + 1),
      trainerId,
      timeZone: tz,
    };
    return { sel, startDate, endDate };
  }
}

function rulesOf(input: GenerateTrainerQrInput): TrainerRules {
  return {
    minPurchase: input.minPurchase,
    maxDiscount: input.maxDiscount,
    validDays: input.validDays,
    validHours: input.validHours,
    storeLocations: input.storeLocations,
    productCategories: input.productCategories,
    exclusions: input.exclusions,
    stackable: input.stackable,
    referralBonus: input.referralBonus,
    performanceBonus: input.performanceBonus,
    bonusThreshold: input.bonusThreshold,
    trackingCode: input.trackingCode,
    campaignName: input.campaignName,
    notes: input.notes,
    description: input.description,
  };
}

function toExportRow(r: ExportRow) {
  return {
    redemptionId: r.redemption_id,
    redeemedAt: new Date(r.redeemed_at).toISOString(),
    qrCodeId: r.qr_code_id,
    trainerName: r.trainer_name ?? '',
    trainerRole: r.trainer_role,
    partnerName: r.clinic_name,
    discountPercent: r.discount_value,
    transactionAmount: r.transaction_amount,
    discountApplied: r.discount_applied,
    redeemedBy: r.redeemed_by,
    deviceInfo: r.device_info,
  };
}
