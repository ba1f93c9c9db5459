import { describeAuditEntry, RPC, type AuditEntryView, type AuditPage } from '@avpass/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Names an audit page for people (issue 44, decision 164): the company's and a partner target's names
 * from the partners service (one call a page), and the entry's sentence. The names are read now, not
 * kept at write time: a renamed partner reads by its current name. A name that cannot be read leaves
 * the field null (the sentence says "a partner"); it never fails the page.
 */
@Injectable()
export class AuditNames {
  private readonly logger = new Logger(AuditNames.name);

  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async name(page: AuditPage, request: AuthenticatedRequest): Promise<AuditPage> {
    const ids = new Set<string>();
    for (const entry of page.items) {
      if (entry.companyId) ids.add(entry.companyId);
      if (entry.targetType === 'partner' && entry.targetId && UUID.test(entry.targetId))
        ids.add(entry.targetId);
    }
    const names = new Map<string, string>();
    if (ids.size) {
      try {
        const { vendors } = await this.services.call(RPC.partners.getMany, { ids: [...ids] }, request);
        for (const vendor of vendors) names.set(vendor.id, vendor.name);
      } catch (error) {
        this.logger.warn(`audit names unavailable: ${String(error)}`);
      }
    }
    return {
      ...page,
      items: page.items.map((entry) => withNames(entry, names)),
      // The zone the screen shows times in (decision 166), as the till's copy carries it.
      timeZone: this.config.BUSINESS_TIMEZONE,
    };
  }
}

function withNames(entry: AuditEntryView, names: ReadonlyMap<string, string>): AuditEntryView {
  const companyName = (entry.companyId && names.get(entry.companyId)) ?? null;
  const targetName =
    entry.targetType === 'partner' && entry.targetId
      ? (names.get(entry.targetId) ?? null)
      : (entry.targetName ?? null);
  const named = { ...entry, companyName, targetName };
  return { ...named, description: describeAuditEntry(named).text };
}
