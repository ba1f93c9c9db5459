import { RPC, type RpcMeta } from '@avpass/contracts';
import { DomainError } from './domain-error';
import { RpcClient } from './rpc-client';
import { Injectable } from '@nestjs/common';

/**
 * Partner names, owned by the partners service: asked by id, briefly remembered (names rarely change).
 * A service that records a partner id (a credit's till, an inventory allocation) checks it here first.
 */
@Injectable()
export class PartnerDirectory {
  private readonly known = new Map<string, { name: string; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

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
