import { EVENTS, eventEffectsOf, RPC, type Actor } from '@avpass/contracts';
import { connectNats, RpcClient, serviceEventSubjects } from '@avpass/platform';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from 'nats';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** Whose answer a polled GET gives: the whole platform (administrator) or one company. */
export interface PollScope {
  /** Cache and ETag key part: the role and the company (the polled answers depend on nothing else). */
  key: string;
  companyId: string | null;
  admin: boolean;
}

export function pollScopeOf(actor: Actor): PollScope {
  return {
    key: `${actor.role}:${actor.companyId ?? ''}`,
    companyId: actor.companyId,
    admin: actor.role === 'super_admin',
  };
}

/**
 * The subjects whose events can change a polled answer: every service's (the services EVENTS names) but
 * the audit trail's. An audit entry changes no polled screen, and one accompanies every change (and every
 * sign-in, which changes nothing polled): listening to them doubled the events this gateway read per
 * redeem and made every administrator's dashboard refetch after a sign-in.
 */
export function pollableEventSubjects(namespace: string): string[] {
  const services = new Set(Object.keys(EVENTS).map((name) => name.slice(0, name.indexOf('.'))));
  services.delete('audit');
  return [...services].sort().map((service) => serviceEventSubjects(namespace, service));
}

/** Most codes whose companies are remembered (a redeem's event names only its code). */
const CODE_COMPANIES_MAX = 50_000;

/**
 * Versions of what the polled screens show (issue 28), per scope: a global counter (the administrator's
 * answers) and one per company, raised by every domain event the services publish (the gateway listens
 * to the JetStream subjects as a plain NATS subscriber: no consumer, nothing acknowledged) and by this
 * gateway's own successful writes. An ETag is made from the version read before the service is asked,
 * so an answer is never labelled newer than it is.
 */
@Injectable()
export class PollVersions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('PollVersions');
  private global = 0;
  /** Raised when a change may touch any company (an administrator's write, an unattributed event). */
  private everyCompany = 0;
  private readonly companies = new Map<string, number>();
  /** Raised by a scope's own writes through this gateway: its cached answers are no longer served. */
  private readonly writes = new Map<string, number>();
  private readonly codeCompanies = new Map<string, readonly string[]>();
  private readonly lookups = new Map<string, Promise<readonly string[] | null>>();
  private nc: NatsConnection | null = null;
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly rpc: RpcClient,
  ) {}

  async onModuleInit(): Promise<void> {
    this.nc = await connectNats({ url: this.config.NATS_URL, name: 'gateway-poll-versions' });
    for (const subject of pollableEventSubjects(this.config.NATS_NAMESPACE)) {
      const subscription = this.nc.subscribe(subject);
      this.subscriptions.push(subscription);
      void this.listen(subscription);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    await this.nc?.close().catch(() => undefined);
  }

  /** The version of a scope's polled answers (read before asking the service). */
  versionOf(scope: PollScope): string {
    if (scope.admin) return `g${this.global}`;
    return `c${this.everyCompany}.${scope.companyId ? (this.companies.get(scope.companyId) ?? 0) : this.global}`;
  }

  /** How many writes the scope made through this gateway (a cached answer from before one is not served). */
  writesOf(scope: PollScope): number {
    return this.writes.get(scope.key) ?? 0;
  }

  /** A successful write through this gateway, by this caller (after the service answered). */
  wrote(actor: Actor | undefined): void {
    this.global++;
    if (!actor) return;
    const scope = pollScopeOf(actor);
    this.writes.set(scope.key, this.writesOf(scope) + 1);
    if (scope.admin) this.everyCompany++;
    else if (scope.companyId) this.bumpCompany(scope.companyId);
  }

  /** A redeem's answer names its code's partners: remembered, so its event needs no lookup. */
  learnCode(codeId: string, companyIds: readonly string[]): void {
    this.rememberCode(codeId, companyIds);
    for (const id of companyIds) this.bumpCompany(id);
  }

  /** One domain event (its envelope's name and payload). */
  async onEvent(name: string, payload: unknown): Promise<void> {
    this.global++;
    const companies = new Set<string>();
    collectCompanies(payload, companies);
    const codeId = stringField(payload, 'qrCodeId');
    const effects = eventEffectsOf(name);
    // An event that changes a code's partners (declared in EVENTS) makes the remembered ones stale.
    if (effects.changesCodePartners) {
      if (codeId) this.codeCompanies.delete(codeId);
      else this.codeCompanies.clear();
    } else if (codeId && effects.namesNewCodeCompanies) {
      // A new code's event names its owner (vendorId) and partners: its companies, never asked for.
      // One recorded before every writer named the owner (a previous release's, in flight during a
      // deploy) may touch any company: every scope refetches once.
      if (hasField(payload, 'vendorId')) this.rememberCode(codeId, [...companies]);
      else this.everyCompany++;
    } else if (codeId) {
      // Any other event that names only its code (a redeem, a change): its companies are remembered,
      // or asked for once.
      const ofCode = await this.companiesOfCode(codeId);
      if (ofCode === null) this.everyCompany++;
      else for (const id of ofCode) companies.add(id);
    }
    for (const id of companies) this.bumpCompany(id);
  }

  private bumpCompany(id: string): void {
    this.companies.set(id, (this.companies.get(id) ?? 0) + 1);
  }

  private rememberCode(codeId: string, companyIds: readonly string[]): void {
    this.codeCompanies.delete(codeId);
    this.codeCompanies.set(codeId, companyIds);
    if (this.codeCompanies.size > CODE_COMPANIES_MAX) {
      const oldest = this.codeCompanies.keys().next().value;
      if (oldest !== undefined) this.codeCompanies.delete(oldest);
    }
  }

  /** The companies that see a code (its vendor and partners); null when it cannot be told. */
  private companiesOfCode(codeId: string): Promise<readonly string[] | null> {
    const known = this.codeCompanies.get(codeId);
    if (known) return Promise.resolve(known);
    let lookup = this.lookups.get(codeId);
    if (!lookup) {
      lookup = this.rpc
        .call(RPC.vouchers.getPublic, { id: codeId }, { requestId: `poll-versions-${randomUUID()}` })
        .then((voucher) => {
          const ids = (voucher.partners ?? []).map((partner) => partner.id);
          this.rememberCode(codeId, ids);
          return ids;
        })
        .catch(() => null)
        .finally(() => this.lookups.delete(codeId));
      this.lookups.set(codeId, lookup);
    }
    return lookup;
  }

  private async listen(subscription: Subscription): Promise<void> {
    for await (const message of subscription) {
      try {
        const envelope = JSON.parse(utf8.decode(message.data)) as {
          name?: unknown;
          payload?: unknown;
        };
        void this.onEvent(String(envelope.name ?? ''), envelope.payload);
      } catch (error) {
        // Whatever it was, something changed: every scope refetches.
        this.global++;
        this.everyCompany++;
        this.logger.warn(`unreadable event: ${(error as Error).message}`);
      }
    }
  }
}

const utf8 = new TextDecoder();

const COMPANY_KEYS = new Set(['partnerId', 'partnerIds', 'companyId', 'vendorId']);

/** Every partner id a payload names (partnerId, partnerIds, companyId, vendorId, byPartner[].partnerId). */
function collectCompanies(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 3 || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collectCompanies(item, into, depth + 1);
    return;
  }
  for (const [key, field] of Object.entries(value)) {
    if (COMPANY_KEYS.has(key)) {
      if (typeof field === 'string') into.add(field);
      else if (Array.isArray(field)) for (const id of field) if (typeof id === 'string') into.add(id);
    } else if (typeof field === 'object') collectCompanies(field, into, depth + 1);
  }
}

function hasField(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}

function stringField(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : null;
}
