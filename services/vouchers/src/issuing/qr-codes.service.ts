import {
  BATCH_SORT_DEFAULT_ORDER,
  type BatchSort,
  BULK_FIRST_PAGE,
  bulkMaxMessage,
  CODE_SORT_DEFAULT_ORDER,
  type CodeListQuery,
  PARTNER_NAME_MESSAGE,
  PAST_EXPIRY_MESSAGE,
  RPC,
  UUID_PATTERN,
  type Actor,
  type BatchDetail,
  type BatchSummary,
  type BulkGenerateInput,
  type BulkGenerateResponse,
  type GenerateQrInput,
  type MessageResponse,
  type Page,
  type PublicVoucher,
  type QrCode as QrCodeDto,
  type RpcMeta,
  type RedemptionMode,
  type SortOrder,
  voucherTitleSource,
} from '@avpass/contracts';
import { isExpired, todayInTimeZone } from '@avpass/domain';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  EventOutbox,
  Idempotency,
  PartnerDirectory,
  Transactions,
  type Tx,
} from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { VouchersSettings } from '../settings/vouchers-settings';
import { AssignmentsRepository } from '../assignment/assignments.repository';
import { PartnerDetails } from '../assignment/partner-details';
import { PLATFORM_SCOPE } from '../tallies/tallies-sql.repository';
import { TalliesRepository } from '../tallies/tallies.repository';
import { codeSearchPattern, searchCountedByTally, tallyScopeOf } from '../codes/code-visibility';
import { Batch } from '../batches/batch.entity';
import { codeAuditFields } from '../codes/code-audit';
import { BatchesRepository, type BatchWithUsage } from '../batches/batches.repository';
import { QrCode } from '../codes/qr-code.entity';
import { toBatchCode, toPublicVoucher, toQrCode } from '../codes/qr-code.mapper';
import { QrCodesRepository, type CodeFilter, type KeysetPage, type PageWindow } from '../codes/qr-codes.repository';
import { NEW_CODE_VERSION, snapshotOf } from '../codes/snapshot';
import { VoucherSettingsRepository } from '../settings/voucher-settings.repository';

/**
 * A vendor's searched count checks its codes row by row when assigned² ≥ this × all codes: at
 * 1,000,000 codes, from about 32,000 assigned (a probe costs some twenty times what collecting one
 * assignment does). Its pages are read from its own rows whatever its share (partnerPageRows).
 */
const DENSE_VENDOR_FACTOR = 1000;

/**
 * A filtered codes table counts at most this many matches (more: "more than 10,000"): the count
 * stops there, so a poll of a status filter over a million codes reads 10,001 rows at most.
 */
export const LIST_COUNT_BOUND = 10_000;

/** A company asked the codes table for another partner's codes. */
export const OWN_COMPANY_ONLY_LIST_MESSAGE = 'You can only list your own company’s codes';

type CodeListInput = CodeListQuery & { limit: number; offset: number };

/** The recent list (GET /api/qr-codes) is the newest 20; screens show the first 5. */
export const RECENT_LIMIT = 20;
/** Used for the QR link only when neither PUBLIC_URL nor the page's origin is known. */
export const FALLBACK_ORIGIN = 'http://localhost:3000';
/**
 * Not part of an Idempotency-Key's request: the origin printed into the QR links says where the
 * request came from (the gateway adds the page's or its own host), not what it asks for.
 */
export const ORIGIN_FIELDS = ['deploymentUrl'] as const;

export function voucherNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'Voucher not found. This discount voucher is invalid or has expired.');
}

type CommonInput = Omit<GenerateQrInput, 'clinic'>;

/** A company_admin asked for codes of another partner (issue 24: its codes are its own company's). */
export const OWN_COMPANY_ONLY_MESSAGE = 'You can only create codes for your own company';
export const NO_COMPANY_MESSAGE = 'Your account is not linked to a company';

/** Whose a new code is: the partner it belongs to (vendorId, assigned to it at once) and its name. */
interface CodeOwner {
  partnerId: string | null;
  clinicName: string;
}

/** How many of a batch's codes "View Codes" lists (about 150 KB of slim rows). */
export const BATCH_DETAIL_CODES = 1000;

/**
 * A batch of this many codes or more is followed by ANALYZE of qr_codes: until its statistics know the
 * new batch_id, the planner expects a handful of rows and reads the batch's pages (its ZIP, View Codes)
 * as a bitmap scan and a sort of the whole batch — every page, 5 ms at 10,000 codes and growing with
 * the batch — instead of walking qr_codes_batch_id_created_at_index (0.1 ms). Autovacuum would get
 * there within minutes; a ZIP is often asked for at once.
 */
export const ANALYZE_AFTER_BATCH_CODES = 1000;

@Injectable()
export class QrCodesService {
  private readonly logger = new Logger('QrCodesService');

  constructor(
    private readonly codes: QrCodesRepository,
    private readonly batches: BatchesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly tallies: TalliesRepository,
    private readonly outbox: EventOutbox,
    private readonly settings: VouchersSettings,
    private readonly idempotency: Idempotency,
    private readonly transactions: Transactions,
    private readonly partners: PartnerDirectory,
    private readonly partnerDetails: PartnerDetails,
    private readonly voucherSettings: VoucherSettingsRepository,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * One code and its voucher.created event, in one transaction; once per Idempotency-Key. A code made
   * for a partner (`partnerId`, or a company_admin's own company) is that partner's (vendorId) and is
   * assigned to it in the same transaction, so its portal lists and counts it at once.
   */
  generate(actor: Actor, input: GenerateQrInput, meta: RpcMeta): Promise<QrCodeDto> {
    const call = { actor, operation: RPC.vouchers.generate, request: input, unfingerprinted: ORIGIN_FIELDS };
    return this.idempotency.once(call, async (tx) => {
      this.refusePastExpiry(input.expirationDate);
      const owner = await this.ownerOf(actor, input.partnerId, input.clinic, 'clinic', meta);
      const mode = input.redemptionMode ?? (await this.voucherSettings.defaultRedemptionMode(tx));
      const code = Object.assign(this.newCode(actor, owner.clinicName, input, mode), {
        vendorId: owner.partnerId,
      });
      const partnerIds = owner.partnerId ? [owner.partnerId] : [];
      await this.codes.insertMany(tx, [code]);
      await this.tallies.codesCreated(tx, [code]);
      let snapshot = snapshotOf(code, NEW_CODE_VERSION);
      if (partnerIds.length) {
        await this.assignments.insert(tx, code.id, partnerIds, actor.userId);
        snapshot =
          (await this.tallies.assignmentsChanged(tx, code.id, partnerIds, [], this.settings.timeZone)) ??
          snapshot;
      }
      this.outbox.record(tx, 'vouchers.voucher.created.v1', { ...snapshot, partnerIds });
      this.audit.record(tx, meta, {
        action: 'vouchers.voucher.created',
        targetType: 'voucher',
        targetId: code.id,
        companyId: code.vendorId,
        changes: diffChanges(null, codeAuditFields(code)),
      });
      return toQrCode(code, this.settings.mapping(), partnerIds.length);
    });
  }

  /**
   * The partner a new code belongs to. The administrator names one (`partnerId`) or none (a club-wide
   * code, which then needs a partner name); a company_admin's codes are always its own company's: a
   * body naming another partner is refused (403), never silently rewritten. A partner the partners
   * service does not know is 404 'Partner not found'. The name defaults to the partner's.
   */
  private async ownerOf(
    actor: Actor,
    partnerId: string | null,
    name: string | null,
    nameField: 'clinic' | 'facility',
    meta: RpcMeta,
  ): Promise<CodeOwner> {
    let owner = partnerId;
    if (actor.role !== 'super_admin') {
      if (!actor.companyId) throw DomainError.forbidden(NO_COMPANY_MESSAGE);
      if (owner && owner !== actor.companyId.toLowerCase())
        throw DomainError.forbidden(OWN_COMPANY_ONLY_MESSAGE);
      owner = actor.companyId.toLowerCase();
    }
    if (owner) {
      const partnerName = await this.partners.nameOf(owner, meta, 'Partner');
      return { partnerId: owner, clinicName: name ?? partnerName };
    }
    if (!name) throw DomainError.validation(PARTNER_NAME_MESSAGE, { [nameField]: [PARTNER_NAME_MESSAGE] });
    return { partnerId: null, clinicName: name };
  }

  /** A date-only expiry runs through the end of that business day: today is fine, yesterday is not. */
  private refusePastExpiry(expirationDate: string): void {
    if (isExpired(expirationDate, this.settings.now(), this.settings.timeZone)) {
      throw DomainError.validation(PAST_EXPIRY_MESSAGE, { expirationDate: [PAST_EXPIRY_MESSAGE] });
    }
  }

  /**
   * The whole batch in one transaction, all or nothing: its row, its codes (one set-based INSERT …
   * SELECT, up to BULK_MAX_QUANTITY = 100,000 by default), the tally and one vouchers.batch.created
   * event. The answer stays small whatever the size: the batch, its count and its first page. Once per
   * Idempotency-Key: a retry after a lost answer gets the first batch, not a second one.
   */
  async bulkGenerate(actor: Actor, input: BulkGenerateInput, meta: RpcMeta): Promise<BulkGenerateResponse> {
    let made = false;
    const call = {
      actor,
      operation: RPC.vouchers.bulkGenerate,
      request: input,
      unfingerprinted: ORIGIN_FIELDS,
    };
    const answer = await this.idempotency.once(call, async (tx) => {
      made = true;
      return this.bulkGenerateOnce(tx, actor, input, meta);
    });
    if (made && input.quantity >= ANALYZE_AFTER_BATCH_CODES)
      // After the commit, beside the answer: a failure only leaves the plans to autovacuum.
      void this.codes
        .analyze()
        .catch((error: unknown) =>
          this.logger.warn(`ANALYZE after batch ${answer.batchId} failed: ${String(error)}`),
        );
    return answer;
  }

  private async bulkGenerateOnce(
    tx: Tx,
    actor: Actor,
    input: BulkGenerateInput,
    meta: RpcMeta,
  ): Promise<BulkGenerateResponse> {
    const max = this.settings.config.BULK_MAX_QUANTITY;
    if (input.quantity > max)
      throw DomainError.validation(bulkMaxMessage(max), { quantity: [bulkMaxMessage(max)] });
    this.refusePastExpiry(input.expirationDate);
    const owner = await this.ownerOf(actor, input.partnerId, input.facility, 'facility', meta);
    const batch = Object.assign(new Batch(), {
      name: input.batchName,
      count: input.quantity,
      createdBy: actor.userId,
    });
    const mode = input.redemptionMode ?? (await this.voucherSettings.defaultRedemptionMode(tx));
    const template = Object.assign(this.newCode(actor, owner.clinicName, input, mode), {
      batchId: batch.id,
      batchName: batch.name,
      vendorId: owner.partnerId,
    });
    const urlPrefix = template.qrUrl.slice(0, -template.id.length);
    await this.batches.insert(tx, batch);
    // A partner's batch is assigned to it in the same statements (set-based, however many codes).
    const firstPage = await this.codes.insertCopies(
      tx,
      template,
      input.quantity,
      urlPrefix,
      BULK_FIRST_PAGE,
      {
        assignedBy: actor.userId,
      },
    );
    await this.tallies.batchCodesCreated(
      tx,
      batch.id,
      input.quantity,
      owner.partnerId ? [owner.partnerId] : [],
    );
    this.outbox.record(tx, 'vouchers.batch.created.v1', {
      batchId: batch.id,
      batchName: batch.name,
      count: input.quantity,
    });
    // ONE entry for the batch (its count and its codes' terms), not one per code.
    this.audit.record(tx, meta, {
      action: 'vouchers.batch.created',
      targetType: 'batch',
      targetId: batch.id,
      companyId: owner.partnerId,
      changes: diffChanges(null, {
        batchName: batch.name,
        count: input.quantity,
        ...codeAuditFields(template),
      }),
    });
    const ctx = this.settings.mapping();
    return {
      batchId: batch.id,
      batchName: batch.name,
      count: input.quantity,
      sample: toQrCode(firstPage[0]!, ctx, owner.partnerId ? 1 : 0),
      qrCodes: firstPage.map((c) => toBatchCode(c, ctx)),
    };
  }

  async listRecent(actor: Actor): Promise<QrCodeDto[]> {
    const { rows } = await this.codes.page(actor, { limit: RECENT_LIMIT, offset: 0 });
    return this.toDtos(rows);
  }

  /**
   * The codes table (issue 27): newest first unless `sort`/`order` say otherwise, narrowed by
   * `status` and (the administrator's) `partnerId`. A company sees its assigned codes only: a
   * partnerId of another partner is refused (403), its own changes nothing.
   */
  async list(actor: Actor, query: CodeListInput): Promise<Page<QrCodeDto>> {
    const { sort, order, status, partnerId, ...window } = query;
    if (
      partnerId &&
      actor.role !== 'super_admin' &&
      partnerId.toLowerCase() !== actor.companyId?.toLowerCase()
    ) {
      throw DomainError.forbidden(OWN_COMPANY_ONLY_LIST_MESSAGE);
    }
    const sorted = sort
      ? { sort, order: order ?? CODE_SORT_DEFAULT_ORDER[sort] }
      : order
        ? { sort: 'createdAt' as const, order }
        : undefined;
    const adminPartner = actor.role === 'super_admin' ? partnerId?.toLowerCase() : undefined;
    if (!sorted && !status && !adminPartner) return this.listNewest(actor, window);
    const filter: CodeFilter = {
      ...(status
        ? { status: { status, today: todayInTimeZone(this.settings.now(), this.settings.timeZone) } }
        : {}),
    };
    if (adminPartner) {
      const [assigned, all] = await Promise.all([
        this.tallies.codes(adminPartner),
        this.tallies.codes(PLATFORM_SCOPE),
      ]);
      Object.assign(filter, {
        vendorId: adminPartner,
        vendorDense: assigned * assigned >= DENSE_VENDOR_FACTOR * all,
      });
    }
    const sortedWindow = { ...window, sort: sorted };
    const [page, total] = await Promise.all([
      this.codes.page(actor, sortedWindow, filter),
      this.filteredTotal(actor, window, filter),
    ]);
    return {
      ...(await this.toPage(page, total.count, window)),
      ...(total.lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }

  /**
   * A filtered or sorted table's total from the cheapest source that is exact: the tallies when
   * nothing narrows it (only sorted), the partner's tally and owned count for a partner alone, else a
   * count that stops after LIST_COUNT_BOUND rows (polled every 10 s: never a count over millions).
   */
  private async filteredTotal(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter,
  ): Promise<{ count: number; lowerBound: boolean }> {
    const exact = (count: number) => ({ count, lowerBound: false });
    const searched = Boolean(window.search?.trim());
    if (!searched && !filter.status && !filter.vendorId)
      return exact(await this.tallies.codes(tallyScopeOf(actor)));
    if (!searched && !filter.status && filter.vendorId && actor.role === 'super_admin') {
      const [assigned, owned] = await Promise.all([
        this.tallies.codes(filter.vendorId),
        this.codes.countOwnedUnassigned(filter.vendorId),
      ]);
      return exact(assigned + owned);
    }
    const counted = await this.codes.countUpTo(actor, window, filter, LIST_COUNT_BOUND);
    return { count: Math.min(counted, LIST_COUNT_BOUND), lowerBound: counted > LIST_COUNT_BOUND };
  }

  /** Newest first; the administrator sees every code, a company its assigned codes. */
  private async listNewest(actor: Actor, window: PageWindow): Promise<Page<QrCodeDto>> {
    // Without a search the total is the actor's tally, not a count over every row; the
    // administrator's search total adds up the search texts' tallies (the same `like` on the same
    // text) unless the text may also be the start of an id. Both reads at once.
    const text = window.search?.trim();
    if (text && actor.role === 'super_admin' && searchCountedByTally(text)) {
      // The exact number of matches is known first (a few ms), and decides how to read the page:
      // along the list's index while filtering costs about limit × all / matches rows, through the
      // trigram index and a sort about `matches` rows; the planner's estimate for a substring is rough.
      const [matches, all] = await Promise.all([
        this.tallies.searchCount(codeSearchPattern(text)),
        this.tallies.codes(PLATFORM_SCOPE),
      ]);
      const searchInListOrder = matches * matches > Math.max(window.limit, 1) * all;
      return this.toPage(await this.codes.page(actor, { ...window, searchInListOrder }), matches, window);
    }
    const total = text ? this.codes.count(actor, window) : this.tallies.codes(tallyScopeOf(actor));
    const [page, counted] = await Promise.all([this.codes.page(actor, window), total]);
    return this.toPage(page, counted, window);
  }

  /** A vendor's codes: made for it (vendor_id) or assigned to it. Administrator only. */
  async listForVendor(actor: Actor, vendorId: string, window: PageWindow): Promise<Page<QrCodeDto>> {
    const [assigned, all] = await Promise.all([
      this.tallies.codes(vendorId),
      this.tallies.codes(PLATFORM_SCOPE),
    ]);
    // The page is read from the partner's own rows (QrCodesRepository.partnerPageRows); a searched
    // count checks its matches row by row when it holds many codes, else collects its assignments.
    const filter = { vendorId, vendorDense: assigned * assigned >= DENSE_VENDOR_FACTOR * all };
    // The administrator's unsearched total is the partner's code tally (its active assignments) plus
    // its own codes not assigned to it (an indexed count), not a count over every row of the OR.
    const total =
      actor.role === 'super_admin' && !window.search?.trim()
        ? this.codes.countOwnedUnassigned(vendorId).then((owned) => assigned + owned)
        : this.codes.count(actor, window, filter);
    const [page, n] = await Promise.all([this.codes.page(actor, window, filter), total]);
    return this.toPage(page, n, window);
  }

  /** Anyone with the link may see the voucher; an unknown or malformed id is simply not found. */
  /** The titles of these codes (the audit trail's names): custom title, else partner name; missing left out. */
  async titles(ids: string[]): Promise<{ id: string; title: string }[]> {
    const rows = await this.codes.titleSources(ids);
    return rows.map((row) => ({ id: row.id, title: voucherTitleSource(row) }));
  }

  /** Uploaded files a code still shows: the gateway keeps those when a partner lets go of them. */
  uploadsInUse(urls: string[]): Promise<string[]> {
    return this.codes.uploadsInUse(urls);
  }

  async getPublic(id: string): Promise<PublicVoucher> {
    if (!UUID_PATTERN.test(id)) throw voucherNotFound();
    const code = await this.codes.findById(id.toLowerCase());
    if (!code) throw voucherNotFound();
    // Where to use it (issue 24): the owner and the assigned partners, in one cached directory call,
    // and the proof of the latest use (read only when it was used), both beside the code row.
    const [partnerIds, last] = await Promise.all([
      this.assignments.publicPartnerIds(code),
      code.usageCount > 0 ? this.assignments.lastRedemption(code.id) : Promise.resolve(null),
    ]);
    const partners = partnerIds.length ? await this.partnerDetails.of(partnerIds) : [];
    // A till's redemption names the till's partner; a member's own names only the code's one partner,
    // read as "for use at" (the proof does not say where it was shown).
    const lastRedemption = last
      ? {
          redeemedAt: last.redeemedAt.toISOString(),
          channel: last.channel,
          partnerName:
            last.channel === 'till'
              ? last.partnerName
              : partnerIds.length === 1
                ? (partners?.[0]?.name ?? null)
                : null,
        }
      : null;
    // Without an answer from the partners service `partners` is left out: unknown, not club-wide.
    return {
      ...toPublicVoucher(code, this.settings.mapping()),
      ...(partners ? { partners } : {}),
      lastRedemption,
    };
  }

  /**
   * The administrator deletes the code (its redemptions and assignments go with it); a company only
   * removes the code from itself, others keep it.
   */
  async remove(actor: Actor, id: string, meta: RpcMeta): Promise<MessageResponse> {
    if (actor.role === 'super_admin') {
      await this.transactions.run(async (tx) => {
        const code = await this.codes.findById(id, tx);
        if (!code) throw DomainError.notFound('QR code');
        const partners = await this.assignments.listActive(id, tx);
        await this.tallies.codeDeleted(tx, id, this.settings.timeZone);
        await this.codes.delete(tx, id);
        this.outbox.record(tx, 'vouchers.voucher.deleted.v1', {
          qrCodeId: id,
          partnerIds: partners.map((p) => p.partnerId),
        });
        this.audit.record(tx, meta, {
          action: 'vouchers.voucher.deleted',
          targetType: 'voucher',
          targetId: id,
          companyId: code.vendorId,
          changes: diffChanges(
            {
              ...codeAuditFields(code),
              usageCount: code.usageCount,
              partnerIds: partners.map((p) => p.partnerId),
            },
            null,
          ),
        });
      });
      return { message: 'QR code deleted' };
    }
    const companyId = actor.companyId;
    if (!companyId) throw DomainError.notFound('QR code');
    await this.transactions.run(async (tx) => {
      const removed = await this.assignments.remove(tx, id, [companyId]);
      if (!removed) throw DomainError.notFound('QR code');
      await this.tallies.assignmentsChanged(tx, id, [], [companyId], this.settings.timeZone);
      this.outbox.record(tx, 'vouchers.voucher.unassigned.v1', { qrCodeId: id, partnerIds: [companyId] });
      // A company lets go of the code: its own assignment ends, the code stays.
      this.audit.record(tx, meta, {
        action: 'vouchers.voucher.unassigned',
        targetType: 'voucher',
        targetId: id,
        companyId,
        changes: { partnerIds: { before: [companyId], after: [] } },
      });
    });
    return { message: 'QR code removed from your company' };
  }

  /** The Batches tab (issue 27): newest first unless `sort`/`order` say otherwise. */
  async listBatches(
    query: Omit<PageWindow, 'sort'> & { sort?: BatchSort | undefined; order?: SortOrder | undefined },
  ): Promise<Page<BatchSummary>> {
    const { sort, order, ...window } = query;
    const sorted = sort
      ? { sort, order: order ?? BATCH_SORT_DEFAULT_ORDER[sort] }
      : order
        ? { sort: 'createdAt' as const, order }
        : undefined;
    const [page, total] = await this.batches.page(window, sorted);
    const redeemed = await this.tallies.batchRedeemed(page.rows.map((b) => b.id));
    return {
      items: page.rows.map((b) => toBatchSummary({ ...b, redeemed: redeemed.get(b.id) ?? 0 })),
      total,
      limit: window.limit,
      offset: window.offset,
      nextCursor: page.nextCursor,
    };
  }

  /**
   * "View Codes": the batch and its first BATCH_DETAIL_CODES codes, oldest first. A 100,000-code batch
   * in full would not fit a NATS message (~1 MB); the dialog says how many it shows and offers the ZIP.
   */
  async getBatch(id: string): Promise<BatchDetail> {
    const found = await this.batches.find(id);
    if (!found) throw DomainError.notFound('Batch');
    const batch = { ...found, redeemed: (await this.tallies.batchRedeemed([id])).get(id) ?? 0 };
    const codes = await this.codes.listInBatch(id, BATCH_DETAIL_CODES);
    const ctx = this.settings.mapping();
    return { ...toBatchSummary(batch), qrCodes: codes.map((c) => toBatchCode(c, ctx)) };
  }

  private newCode(
    actor: Actor,
    clinicName: string,
    input: CommonInput,
    redemptionMode: RedemptionMode,
  ): QrCode {
    const code = new QrCode();
    const { deploymentUrl, idempotencyKey: _key, ...sent } = input;
    const origin = (this.settings.config.PUBLIC_URL ?? deploymentUrl ?? FALLBACK_ORIGIN).replace(/\/+$/, '');
    return Object.assign(code, {
      companyId: actor.companyId,
      createdByUserId: actor.userId,
      clinicName,
      discountType: input.discountType,
      discountValue: input.discountValue,
      service: input.service,
      expirationDate: input.expirationDate,
      startDate: input.startDate ?? null,
      usageLimit: input.usageLimit,
      terms: input.terms ?? null,
      customTitle: input.customTitle ?? null,
      partnerType: input.partnerType,
      logoUrl: input.logoUrl ?? null,
      redemptionMode,
      qrUrl: `${origin}/voucher/${code.id}`,
      qrData: { ...sent, clinic: clinicName },
    });
  }

  private async toDtos(codes: QrCode[]): Promise<QrCodeDto[]> {
    const ctx = this.settings.mapping();
    const counts = await this.assignments.partnerCounts(codes.map((c) => c.id));
    return codes.map((c) => toQrCode(c, ctx, counts.get(c.id) ?? 0));
  }

  private async toPage(
    page: KeysetPage<QrCode>,
    total: number,
    window: PageWindow,
  ): Promise<Page<QrCodeDto>> {
    return {
      items: await this.toDtos(page.rows),
      total,
      limit: window.limit,
      offset: window.offset,
      nextCursor: page.nextCursor,
    };
  }
}

function toBatchSummary(batch: BatchWithUsage): BatchSummary {
  return {
    batchId: batch.id,
    batchName: batch.name,
    count: batch.count,
    redeemed: batch.redeemed,
    createdAt: batch.createdAt.toISOString(),
  };
}
