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

@Injectable()
export class PartnerDirectory {
  private readonly known = new Map<string, { name: string; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The names of many partners in one call per 500 ids not remembered (a page of a list, of an issue);
   * an id the partners service does not know (a deleted partner) is absent from the map.
   */
  async namesOf(
    partnerIds: readonly string[],
    meta: Pick<RpcMeta, 'requestId'>,
  ): Promise<Map<string, string>> {
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
      if (this.known.size > 10_000) this.known.clear();
      for (const vendor of vendors) this.known.set(vendor.id, { name: vendor.name, until: now + 60_000 });
    }
    const names = new Map<string, string>();
    for (const id of ids) {
      const name = this.known.get(id)?.name;
      if (name !== undefined) names.set(id, name);
    }
    return names;
  }

  /** The partner's name, or a 404 refusal when the partners service knows no such partner. */
  async nameOf(partnerId: string, meta: RpcMeta, what = 'Partner'): Promise<string> {
    const cached = this.known.get(partnerId);
    if (cached && cached.until > Date.now()) return cached.name;
    try {
      const vendor = await this.rpc.call(RPC.partners.get, { id: partnerId }, { requestId: meta.requestId });
      if (this.known.size > 10_000) this.known.clear();
      this.known.set(partnerId, { name: vendor.name, until: Date.now() + 60_000 });
      return vendor.name;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') throw DomainError.notFound(what);
      throw error;
    }
  }
}
