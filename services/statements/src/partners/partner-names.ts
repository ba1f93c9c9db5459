import { RPC } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** A deleted partner keeps its statements: it is then named by its short id. */
export const unknownPartner = (partnerId: string) => `Partner ${partnerId.slice(0, 8)}`;

/** How a statement names its partner: its display name, and its legal name (the display name when none). */
export interface PartnerName {
  name: string;
  legalName: string;
}

/** Partner names, owned by the partners service: asked a page of ids at a time, briefly remembered. */
@Injectable()
export class PartnerNames {
  private readonly known = new Map<string, PartnerName & { until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  /** Each id's display and legal name (at most 500 ids: a page). */
  async partnersOf(partnerIds: string[]): Promise<Map<string, PartnerName>> {
    const now = Date.now();
    const missing = [...new Set(partnerIds)].filter((id) => !((this.known.get(id)?.until ?? 0) > now));
    if (missing.length) {
      const { vendors } = await this.rpc.call(
        RPC.partners.getMany,
        { ids: missing },
        { requestId: randomUUID() },
      );
      if (this.known.size > 10_000) this.known.clear();
      const found = new Map(vendors.map((v) => [v.id, v]));
      for (const id of missing) {
        const vendor = found.get(id);
        const name = vendor?.name ?? unknownPartner(id);
        this.known.set(id, { name, legalName: vendor?.legalName || name, until: now + 60_000 });
      }
    }
    return new Map(
      partnerIds.map((id) => {
        const known = this.known.get(id);
        const name = known?.name ?? unknownPartner(id);
        return [id, { name, legalName: known?.legalName ?? name }];
      }),
    );
  }
}
