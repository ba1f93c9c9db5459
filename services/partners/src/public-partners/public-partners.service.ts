import {
  RPC,
  type PartnerOfferCounts,
  type PublicPartner,
  type PublicPartnerPage,
  type PublicPartnersQuery,
} from '@avpass/contracts';
import { BriefCache, RpcClient } from '@avpass/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PARTNERS_CONFIG, type PartnersConfig } from '../config';
import { CompaniesRepository, type Company } from '../companies';
import { toPublicPartner } from './public-partner.mapper';

/** The unparameterised list (old clients, spec §7) is the first this many partners to join. */
export const PUBLIC_PARTNERS_LIMIT = 120;
/** A page of GET /api/public/partners?cursor=&limit=&search= without `limit`. */
export const PUBLIC_PAGE_DEFAULT = 24;
/** Distinct pages remembered at once (each for PUBLIC_CACHE_MS). */
const MAX_CACHED_PAGES = 500;

/**
 * The landing page's partners: active ones in the order they joined, paged by keyset, with their
 * figures (codes they own or are assigned, and the active ones) from the vouchers service's tallies,
 * asked once per page for its partners (a few rows each, never their codes).
 */
@Injectable()
export class PublicPartnersService {
  private readonly logger = new Logger(PublicPartnersService.name);
  /** Anyone can load the landing page: one read per PUBLIC_CACHE_MS serves every caller. */
  private readonly shared: BriefCache<PublicPartner[]>;
  private readonly pages = new Map<string, { at: number; page: Promise<PublicPartnerPage> }>();
  private readonly cacheMs: number;

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly rpc: RpcClient,
    @Inject(PARTNERS_CONFIG) config: PartnersConfig,
  ) {
    this.cacheMs = config.PUBLIC_CACHE_MS;
    this.shared = new BriefCache(config.PUBLIC_CACHE_MS, () => this.listPublic());
  }

  /** Without a query: the old list (at most PUBLIC_CACHE_MS old); with one: a page. */
  listShared(query: PublicPartnersQuery = {}): Promise<PublicPartner[] | PublicPartnerPage> {
    const { cursor, limit, search } = query;
    const text = search?.trim() || undefined;
    if (cursor === undefined && limit === undefined && search === undefined) return this.shared.get();
    const window = { cursor: cursor || undefined, limit: Number(limit ?? PUBLIC_PAGE_DEFAULT), search: text };
    if (this.cacheMs <= 0) return this.publicPage(window);
    const key = JSON.stringify(window);
    const now = Date.now();
    const hit = this.pages.get(key);
    if (hit && now - hit.at < this.cacheMs) return hit.page;
    if (this.pages.size >= MAX_CACHED_PAGES) this.pages.clear();
    const page = this.publicPage(window);
    this.pages.set(key, { at: now, page });
    page.catch(() => this.pages.delete(key));
    return page;
  }

  async listPublic(): Promise<PublicPartner[]> {
    const { items } = await this.companies.publicPage({ limit: PUBLIC_PARTNERS_LIMIT });
    return this.withCounts(items);
  }

  /** A page; the first one (no cursor) also says how many partners the search matches in all. */
  async publicPage(window: {
    cursor?: string | undefined;
    limit: number;
    search?: string | undefined;
  }): Promise<PublicPartnerPage> {
    const [{ items, nextCursor }, total] = await Promise.all([
      this.companies.publicPage(window),
      window.cursor ? undefined : this.companies.countPublic(window.search),
    ]);
    return { items: await this.withCounts(items), nextCursor, ...(total === undefined ? {} : { total }) };
  }

  private async withCounts(companies: Company[]): Promise<PublicPartner[]> {
    if (!companies.length) return [];
    let counts: PartnerOfferCounts[] = [];
    try {
      ({ counts } = await this.rpc.call(
        RPC.vouchers.partnerOfferCounts,
        { partnerIds: companies.map((c) => c.id) },
        { requestId: randomUUID() },
      ));
    } catch (error) {
      // The showcase still lists the partners while the vouchers service is away (figures 0).
      this.logger.warn(
        `offer figures unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const byId = new Map(counts.map((c) => [c.partnerId, c]));
    return companies.map((c) => toPublicPartner(c, byId.get(c.id) ?? { activeOffers: 0, totalQrCodes: 0 }));
  }
}
