import {
  CODE_SORT_DEFAULT_ORDER,
  type CodeListQuery,
  UUID_PATTERN,
  type Actor,
  type Page,
  type PublicVoucher,
  type QrCode as QrCodeDto,
  voucherTitleSource,
} from '@avpass/contracts';
import { todayInTimeZone } from '@avpass/domain';
import { DomainError, requestedSort } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { VouchersSettings } from '../settings';
import { AssignmentsRepository, lastRedemptionOf, PartnerDetails } from '../assignment';
import { PLATFORM_SCOPE, TalliesRepository, tallyScopeOf } from '../tallies';
import {
  codeSearchPattern,
  searchCountedByTally,
  QrCode,
  toPublicVoucher,
  toQrCode,
  QrCodesRepository,
  type CodeFilter,
  type KeysetPage,
  type PageWindow,
} from '../codes';
import { OWN_COMPANY_ONLY_LIST_MESSAGE, voucherNotFound } from '../codes';

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

type CodeListInput = CodeListQuery & { limit: number; offset: number };

/** The recent list (GET /api/qr-codes) is the newest 20; screens show the first 5. */
export const RECENT_LIMIT = 20;

/**
 * The codes tables and the member's page: the recent list, the filtered and sorted lists with their
 * totals (from the tallies where they are exact), a vendor's codes, titles and uploads in use.
 */
@Injectable()
export class CodeCatalogue {
  constructor(
    private readonly codes: QrCodesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly tallies: TalliesRepository,
    private readonly settings: VouchersSettings,
    private readonly partnerDetails: PartnerDetails,
  ) {}

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
    const sorted = requestedSort(sort, order, CODE_SORT_DEFAULT_ORDER);
    const adminPartner = actor.role === 'super_admin' ? partnerId?.toLowerCase() : undefined;
    if (!sorted && !status && !adminPartner) return this.listNewest(actor, window);
    const filter: CodeFilter = {
      ...(status
        ? { status: { status, today: todayInTimeZone(this.settings.now(), this.settings.timeZone) } }
        : {}),
    };
    if (adminPartner) {
      const [assigned, all] = await Promise.all([
        this.tallies.codeCount(adminPartner),
        this.tallies.codeCount(PLATFORM_SCOPE),
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
      return exact(await this.tallies.codeCount(tallyScopeOf(actor)));
    if (!searched && !filter.status && filter.vendorId && actor.role === 'super_admin') {
      const [assigned, owned] = await Promise.all([
        this.tallies.codeCount(filter.vendorId),
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
        this.tallies.codeCount(PLATFORM_SCOPE),
      ]);
      const searchInListOrder = matches * matches > Math.max(window.limit, 1) * all;
      return this.toPage(await this.codes.page(actor, { ...window, searchInListOrder }), matches, window);
    }
    const total = text ? this.codes.count(actor, window) : this.tallies.codeCount(tallyScopeOf(actor));
    const [page, counted] = await Promise.all([this.codes.page(actor, window), total]);
    return this.toPage(page, counted, window);
  }

  /** A vendor's codes: made for it (vendor_id) or assigned to it. Administrator only. */
  async listForVendor(actor: Actor, vendorId: string, window: PageWindow): Promise<Page<QrCodeDto>> {
    const [assigned, all] = await Promise.all([
      this.tallies.codeCount(vendorId),
      this.tallies.codeCount(PLATFORM_SCOPE),
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
    const lastRedemption = lastRedemptionOf(
      last,
      partnerIds.length === 1 ? (partners?.[0]?.name ?? null) : null,
    );
    // Without an answer from the partners service `partners` is left out: unknown, not club-wide.
    return {
      ...toPublicVoucher(code, this.settings.mapping()),
      ...(partners ? { partners } : {}),
      lastRedemption,
    };
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
