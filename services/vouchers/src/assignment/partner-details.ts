import { RPC, type RpcMeta, type Vendor, type VoucherPartner } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** How long a partner's public details (or its absence) are reused for voucher pages. */
export const PARTNER_DETAILS_TTL_MS = 30_000;
/** The public voucher is the hot path: it waits this long for the partners service, then goes without. */
export const PARTNER_DETAILS_TIMEOUT_MS = 1_000;

export function toVoucherPartner(v: Vendor): VoucherPartner {
  return {
    id: v.id,
    name: v.name,
    logoUrl: v.logoUrl,
    address: v.address,
    phone: v.phone,
    website: v.website,
  };
}

/**
 * Partner details owned by the partners service, for the voucher page: the few ids of one code asked
 * in ONE call (partners.vendors.get-many), each remembered PARTNER_DETAILS_TTL_MS, so a voucher opened
 * by many phones asks once per partner per half minute. When the partners service does not answer in
 * time the voucher is still shown, without `partners` (the page must not fail for a logo, nor call a
 * partner's code club-wide).
 */
@Injectable()
export class PartnerDetails {
  private readonly logger = new Logger(PartnerDetails.name);
  private readonly known = new Map<
    string,
    { partner: VoucherPartner | null; isActive: boolean; until: number }
  >();

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The partners of these ids that exist, or null when the partners service could not be asked about
   * one of them (the page then says nothing about where to use the code rather than "everywhere").
   */
  async of(ids: string[]): Promise<VoucherPartner[] | null> {
    await this.refresh(ids);
    if (ids.some((id) => !this.known.has(id))) return null;
    return ids.flatMap((id) => {
      const partner = this.known.get(id)?.partner;
      return partner ? [partner] : [];
    });
  }

  /**
   * A till's partner: its name and whether it is active (remembered as `of` does); null when the
   * partners service could not be asked or does not know it.
   */
  async standing(id: string): Promise<{ name: string; isActive: boolean } | null> {
    await this.refresh([id]);
    const known = this.known.get(id);
    return known?.partner ? { name: known.partner.name, isActive: known.isActive } : null;
  }

  /** Asks the partners service (one call) about the ids not remembered or remembered too long. */
  private async refresh(ids: string[]): Promise<void> {
    const now = Date.now();
    const missing = ids.filter((id) => (this.known.get(id)?.until ?? 0) <= now);
    if (!missing.length) return;
    try {
      const { vendors } = await this.rpc.call(
        RPC.partners.getMany,
        { ids: missing },
        { requestId: randomUUID() },
        PARTNER_DETAILS_TIMEOUT_MS,
      );
      const found = new Map(vendors.map((v) => [v.id, v]));
      if (this.known.size > 10_000) this.known.clear();
      const until = Date.now() + PARTNER_DETAILS_TTL_MS;
      for (const id of missing) {
        const vendor = found.get(id);
        this.known.set(id, {
          partner: vendor ? toVoucherPartner(vendor) : null,
          isActive: vendor?.isActive ?? false,
          until,
        });
      }
    } catch (error) {
      this.logger.warn(
        `partner details unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** The partners the partners service knows now, by id (no cache: for checks before a change). */
  async lookUp(ids: string[], meta: RpcMeta, timeoutMs?: number): Promise<Map<string, VoucherPartner>> {
    if (!ids.length) return new Map();
    const { vendors } = await this.rpc.call(
      RPC.partners.getMany,
      { ids },
      { requestId: meta.requestId, ...(meta.actor ? { actor: meta.actor } : {}) },
      timeoutMs,
    );
    return new Map(vendors.map((v) => [v.id, toVoucherPartner(v)]));
  }
}
