import { RPC, type RpcMeta } from '@avpass/contracts';
import { DomainError } from './domain-error';
import { RpcClient } from './rpc-client';
import { Injectable } from '@nestjs/common';

/**
 * Partner names, owned by the partners service: asked by id, briefly remembered (names rarely change).
 * A service that records a partner id (a credit's till, an inventory allocation) checks it here first.
 */
/** Ids per partners.vendors.get-many.v1 call (its request's limit). */
const NAMES_PER_CALL = 500;

/** A partner as a document names it: its display name and its legal name (null: none recorded). */
export interface PartnerNaming {
  name: string;
  legalName: string | null;
}

@Injectable()
export class PartnerDirectory {
  private readonly known = new Map<string, PartnerNaming & { until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  private remember(vendor: { id: string; name: string; legalName?: string | null }, until: number) {
    if (this.known.size > 10_000) this.known.clear();
    this.known.set(vendor.id, { name: vendor.name, legalName: vendor.legalName ?? null, until });
  }

  /**
   * The names (display and legal) of many partners in one call per 500 ids not remembered (a page of a
   * list, of an issue); an id the partners service does not know (a deleted partner) is absent.
   */
  async partnersOf(
    partnerIds: readonly string[],
    meta: Pick<RpcMeta, 'requestId'>,
  ): Promise<Map<string, PartnerNaming>> {
    const now = Date.now();
    const ids = [...new Set(partnerIds)];
    const missing = ids.filter((id) => !((this.known.get(id)?.until ?? 0) > now));
    for (let i = 0; i < missing.length; i += NAMES_PER_CALL) {
      const page = missing.slice(i, i + NAMES_PER_CALL);
      const { vendors } = await this.rpc.call(
        RPC.partners.getMany,
        { ids: page },
        { requestId: meta.requestId },
      );
      for (const vendor of vendors) this.remember(vendor, now + 60_000);
    }
    const partners = new Map<string, PartnerNaming>();
    for (const id of ids) {
      const known = this.known.get(id);
      if (known) partners.set(id, { name: known.name, legalName: known.legalName });
    }
    return partners;
  }

  /** The display names of many partners (partnersOf's calls); an unknown id is absent. */
  async namesOf(
    partnerIds: readonly string[],
    meta: Pick<RpcMeta, 'requestId'>,
  ): Promise<Map<string, string>> {
    const partners = await this.partnersOf(partnerIds, meta);
    return new Map([...partners].map(([id, partner]) => [id, partner.name]));
  }

  /** The partner's name, or a 404 refusal when the partners service knows no such partner. */
  async nameOf(partnerId: string, meta: RpcMeta, what = 'Partner'): Promise<string> {
    const cached = this.known.get(partnerId);
    if (cached && cached.until > Date.now()) return cached.name;
    try {
      const vendor = await this.rpc.call(RPC.partners.get, { id: partnerId }, { requestId: meta.requestId });
      this.remember(vendor, Date.now() + 60_000);
      return vendor.name;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') throw DomainError.notFound(what);
      throw error;
    }
  }
}
