import {
  describeAuditEntry,
  ENGLISH_AUDIT_WORDS,
  RPC,
  type AuditWords,
  UUID_PATTERN,
  type AuditEntryView,
  type AuditPage,
} from '@avpass/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * Names an audit page for people (issue 44, decision 164): the company's and a partner target's names
 * from the partners service, and a code target's title from the vouchers service (one call each a
 * page, side by side), and the entry's sentence. The names are read now, not kept at write time: a
 * renamed partner or retitled code reads by its current name. A name that cannot be read (a deleted
 * code, a service that fails) leaves the field null (the sentence says "a partner", "a code"); it never
 * fails the page.
 */
@Injectable()
export class AuditNames {
  private readonly logger = new Logger(AuditNames.name);

  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `words`: the sentence's language (the CSV's, from its request); English without them. */
  async name(
    page: AuditPage,
    request: AuthenticatedRequest,
    words: AuditWords = ENGLISH_AUDIT_WORDS,
  ): Promise<AuditPage> {
    const partnerIds = new Set<string>();
    const codeIds = new Set<string>();
    for (const entry of page.items) {
      if (entry.companyId) partnerIds.add(entry.companyId);
      if (!entry.targetId || !UUID_PATTERN.test(entry.targetId)) continue;
      if (entry.targetType === 'partner') partnerIds.add(entry.targetId);
      if (entry.targetType === 'voucher') codeIds.add(entry.targetId.toLowerCase());
    }
    const [partners, codes] = await Promise.all([
      this.read('partner', partnerIds, async (ids) => {
        const { vendors } = await this.services.call(RPC.partners.getMany, { ids }, request);
        return vendors.map((vendor) => [vendor.id, vendor.name] as const);
      }),
      this.read('code', codeIds, async (ids) => {
        const answer = await this.services.call(RPC.vouchers.codeTitles, { ids }, request);
        return answer.codes.map((code) => [code.id, code.title] as const);
      }),
    ]);
    return {
      ...page,
      items: page.items.map((entry) => withNames(entry, partners, codes, words)),
      // The zone the screen shows times in (decision 166), as the till's copy carries it.
      timeZone: this.config.BUSINESS_TIMEZONE,
    };
  }

  /** One service's names by id; none when there are no ids or the call fails (logged). */
  private async read(
    kind: string,
    ids: ReadonlySet<string>,
    fetch: (ids: string[]) => Promise<(readonly [string, string])[]>,
  ): Promise<Map<string, string>> {
    if (!ids.size) return new Map();
    try {
      return new Map(await fetch([...ids]));
    } catch (error) {
      this.logger.warn(`audit ${kind} names unavailable: ${String(error)}`);
      return new Map();
    }
  }
}

function withNames(
  entry: AuditEntryView,
  partners: ReadonlyMap<string, string>,
  codes: ReadonlyMap<string, string>,
  words: AuditWords,
): AuditEntryView {
  const companyName = (entry.companyId && partners.get(entry.companyId)) ?? null;
  const targetName =
    entry.targetType === 'partner' && entry.targetId
      ? (partners.get(entry.targetId) ?? null)
      : entry.targetType === 'voucher' && entry.targetId
        ? (codes.get(entry.targetId.toLowerCase()) ?? entry.targetName ?? null)
        : (entry.targetName ?? null);
  const named = { ...entry, companyName, targetName };
  return { ...named, description: describeAuditEntry(named, words).text };
}
