import {
  EXCLUSIVE_SORT_DEFAULT_ORDER,
  PAST_EXPIRY_MESSAGE,
  RPC,
  type Actor,
  type CreateExclusiveInput,
  type Exclusive,
  type ExclusiveSort,
  type ExclusivesPage,
  type RpcMeta,
  type SortOrder,
  type Vendor,
  VENDOR_NOT_FOUND_MESSAGE,
} from '@avpass/contracts';
import {
  eventDay,
  exclusiveStatus,
  exclusiveTitle,
  inferExclusiveDiscount,
  isExpired,
  todayInTimeZone,
  vendorExclusiveTitle,
} from '@avpass/domain';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  EventOutbox,
  Idempotency,
  RpcClient,
  type Tx,
  requestedSort,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { AssignmentsRepository } from '../assignment';
import {
  QrCode,
  toQrCode,
  type MappingContext,
  NEW_CODE_VERSION,
  snapshotOf,
  codeAuditFields,
  QrCodesRepository,
} from '../codes';
import { FALLBACK_ORIGIN, ORIGIN_FIELDS } from '../codes';
import { VouchersSettings, VoucherSettingsRepository } from '../settings';
import { TalliesRepository } from '../tallies';
import { ExclusivesRepository } from './exclusives.repository';

export { VENDOR_NOT_FOUND_MESSAGE };
/** Who issues an exclusive when no vendor is chosen (the voucher's partner name). */
export const PROJECT_ROOTED = 'Project Rooted';

export function toExclusive(code: QrCode, ctx: MappingContext, partnerCount = 0): Exclusive {
  return {
    ...toQrCode(code, ctx, partnerCount),
    exclusiveType: code.exclusiveType ?? 'custom',
    exclusiveStatus: exclusiveStatus(code, ctx.now, ctx.timeZone),
  };
}

/** Project Rooted exclusives: created by the administrator, listed by tab (spec sections 2, 4, 5, 7). */
@Injectable()
export class ExclusivesService {
  constructor(
    private readonly exclusives: ExclusivesRepository,
    private readonly codes: QrCodesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly tallies: TalliesRepository,
    private readonly outbox: EventOutbox,
    private readonly settings: VouchersSettings,
    private readonly rpc: RpcClient,
    private readonly idempotency: Idempotency,
    private readonly voucherSettings: VoucherSettingsRepository,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * One exclusive and its voucher.created event, in one transaction. The discount is inferred from the
   * value text; a chosen vendor (read from the partners service, never from the body) gives the title
   * '{vendor} EXCLUSIVE' and its logo, unless a custom logo was uploaded.
   */
  create(actor: Actor, input: CreateExclusiveInput, meta: RpcMeta): Promise<Exclusive> {
    const call = {
      actor,
      operation: RPC.vouchers.createExclusive,
      request: input,
      unfingerprinted: ORIGIN_FIELDS,
    };
    return this.idempotency.once(call, (tx) => this.createOnce(tx, actor, input, meta));
  }

  private async createOnce(
    tx: Tx,
    actor: Actor,
    input: CreateExclusiveInput,
    meta: RpcMeta,
  ): Promise<Exclusive> {
    if (isExpired(input.expirationDate, this.settings.now(), this.settings.timeZone)) {
      throw DomainError.validation(PAST_EXPIRY_MESSAGE, { expirationDate: [PAST_EXPIRY_MESSAGE] });
    }
    const details = input.exclusiveDetails;
    const vendor = details.vendorId ? await this.vendor(details.vendorId, meta) : null;
    const discount = inferExclusiveDiscount(details.value, input.exclusiveType);
    const title = exclusiveTitle(details.title, input.exclusiveType);
    const { deploymentUrl, idempotencyKey: _key, ...sent } = input;
    const origin = (this.settings.config.PUBLIC_URL ?? deploymentUrl ?? FALLBACK_ORIGIN).replace(/\/+$/, '');
    const defaults = await this.voucherSettings.defaults(tx);
    const redemptionMode = input.redemptionMode ?? defaults.defaultRedemptionMode;
    const fundedBy = input.fundedBy ?? defaults.defaultFundedBy;
    const code = new QrCode();
    Object.assign(code, {
      companyId: actor.companyId,
      createdByUserId: actor.userId,
      vendorId: vendor?.id ?? null,
      clinicName: vendor?.name ?? PROJECT_ROOTED,
      ...discount,
      service: title,
      expirationDate: input.expirationDate,
      startDate: input.startDate,
      usageLimit: input.usageLimit,
      terms: input.terms ?? details.description,
      customTitle: vendor ? vendorExclusiveTitle(vendor.name) : title,
      partnerType: 'exclusive',
      qrType: 'other',
      logoUrl: input.logoUrl ?? vendor?.logoUrl ?? null,
      redemptionMode,
      fundedBy,
      perMemberCount: input.perMemberLimit?.count ?? null,
      perMemberPeriod: input.perMemberLimit?.period ?? null,
      qrUrl: `${origin}/voucher/${code.id}`,
      qrData: { ...sent, ...discount },
      isProjectRootedExclusive: true,
      exclusiveType: input.exclusiveType,
      exclusiveDetails: { ...details, title, vendorId: vendor?.id ?? null, vendorName: vendor?.name ?? null },
      exclusiveEventDate: eventDay(details.eventDate),
    } satisfies Partial<QrCode>);
    this.codes.add(tx, code);
    await this.tallies.codesCreated(tx, [code]);
    this.outbox.enqueueEvent(tx, 'vouchers.voucher.created.v1', {
      ...snapshotOf(code, NEW_CODE_VERSION),
      partnerIds: [],
      vendorId: code.vendorId,
    });
    this.audit.appendEntry(tx, meta, {
      action: 'vouchers.exclusive.created',
      targetType: 'voucher',
      targetId: code.id,
      companyId: code.vendorId,
      changes: diffChanges(null, { ...codeAuditFields(code), exclusiveDetails: code.exclusiveDetails }),
    });
    return toExclusive(code, this.settings.mapping());
  }

  /**
   * Exclusives only, one tab's page by keyset (newest first unless `sort`/`order` say otherwise),
   * narrowed by `search` and `partnerId`, and every tab's count under the same narrowing.
   */
  async list(query: {
    filter: Parameters<ExclusivesRepository['page']>[0];
    limit: number;
    offset: number;
    cursor?: string | undefined;
    search?: string | undefined;
    sort?: ExclusiveSort | undefined;
    order?: SortOrder | undefined;
    partnerId?: string | undefined;
  }): Promise<ExclusivesPage> {
    const ctx = this.settings.mapping();
    const day = { today: todayInTimeZone(ctx.now, ctx.timeZone) };
    const { sort, order } = query;
    const sorted = requestedSort(sort, order, EXCLUSIVE_SORT_DEFAULT_ORDER);
    const narrowing = { search: query.search, partnerId: query.partnerId?.toLowerCase() };
    const [page, counts] = await Promise.all([
      this.exclusives.page(query.filter, day, query, narrowing, sorted),
      this.exclusives.counts(day, narrowing),
    ]);
    const partners = await this.assignments.partnerCounts(page.rows.map((c) => c.id));
    return {
      items: page.rows.map((c) => toExclusive(c, ctx, partners.get(c.id) ?? 0)),
      total: counts[query.filter],
      limit: query.limit,
      offset: query.offset,
      nextCursor: page.nextCursor,
      counts,
    };
  }

  private async vendor(id: string, meta: RpcMeta): Promise<Vendor> {
    try {
      return await this.rpc.call(
        RPC.partners.get,
        { id },
        { requestId: meta.requestId, ...(meta.actor ? { actor: meta.actor } : {}) },
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') {
        throw DomainError.validation(VENDOR_NOT_FOUND_MESSAGE, {
          'exclusiveDetails.vendorId': [VENDOR_NOT_FOUND_MESSAGE],
        });
      }
      throw error;
    }
  }
}
