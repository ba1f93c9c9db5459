import { RPC } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** A deleted partner keeps its statements: it is then named by its short id. */
export const unknownPartner = (partnerId: string) => `Partner ${partnerId.slice(0, 8)}`;

/** Partner names, owned by the partners service: asked a page of ids at a time, briefly remembered. */
@Injectable()
export class PartnerNames {
  private readonly known = new Map<string, { name: string; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  async nameOf(partnerId: string): Promise<string> {
    return (await this.namesOf([partnerId])).get(partnerId)!;
  }

  /** Each id's name (at most 500 ids: a page). */
  async namesOf(partnerIds: string[]): Promise<Map<string, string>> {
    const now = Date.now();
    const missing = [...new Set(partnerIds)].filter((id) => !((this.known.get(id)?.until ?? 0) > now));
    if (missing.length) {
      const { vendors } = await this.rpc.call(
        RPC.partners.getMany,
        { ids: missing },
        { requestId: randomUUID() },
      );
      if (this.known.size > 10_000) this.known.clear();
      const found = new Map(vendors.map((v) => [v.id, v.name]));
      for (const id of missing)
        this.known.set(id, { name: found.get(id) ?? unknownPartner(id), until: now + 60_000 });
    }
    return new Map(partnerIds.map((id) => [id, this.known.get(id)?.name ?? unknownPartner(id)]));
  }
}
