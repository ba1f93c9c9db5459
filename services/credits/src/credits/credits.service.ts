import {
  RPC,
  type Actor,
  type AthleteCredit,
  type Page,
  type RpcMeta,
  type RpcRequestPayload,
  type SpendableAthletesPage,
} from '@avpass/contracts';
import { monthlyCreditAmount } from '@avpass/domain';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  Idempotency,
  PartnerDirectory,
  type Tx,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CreditsSettings } from '../settings';
import { processableCreditsSql } from './credit-visibility';
import { toAdminCredit, toCredit, type CreditRow } from './credit.mapper';
import { CreditsRepository } from './credits.repository';
import { MemberCreditsService } from './member-credits.service';

type CreateInput = RpcRequestPayload<typeof RPC.credits.create>;
type ListInput = RpcRequestPayload<typeof RPC.credits.list>;
type SpendableInput = RpcRequestPayload<typeof RPC.credits.spendableAthletes>;
type RemoveInput = RpcRequestPayload<typeof RPC.credits.remove>;

export const creditNotFound = () => DomainError.notFound('Credit');

/**
 * Credit allocations: create, list, delete (or deactivate). The partner screen's figures read the ledger
 * too, so they live in transactions/ (credit-summary.service.ts).
 */
@Injectable()
export class CreditsService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly partners: PartnerDirectory,
    private readonly settings: CreditsSettings,
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
    private readonly members: MemberCreditsService,
  ) {}

  /** Once per Idempotency-Key: a retry of a lost answer gets the first credit, not a second one. */
  create(actor: Actor, input: CreateInput, meta: RpcMeta): Promise<AthleteCredit> {
    const call = { actor, operation: RPC.credits.create, request: input };
    return this.idempotency.once(call, (tx) => this.createOnce(tx, actor, input, meta));
  }

  private async createOnce(tx: Tx, actor: Actor, input: CreateInput, meta: RpcMeta): Promise<AthleteCredit> {
    let partnerName: string | null = null;
    if (input.partnerId) {
      try {
        partnerName = await this.partners.nameOf(input.partnerId, meta);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'NOT_FOUND') {
          throw DomainError.validation('Partner not found', { partnerId: ['Partner not found'] });
        }
        throw error;
      }
    }
    // Omitted (an older client) or null: a credit that names its athlete only, as before.
    if (input.memberId) await this.members.requireLinkableMember(tx, input.memberId, meta);
    const now = this.settings.now();
    const row = await this.credits.create(tx, {
      id: randomUUID(),
      athleteName: input.athleteName,
      athleteImage: input.athleteImage ?? null,
      athleteRole: input.athleteRole,
      totalAmount: input.totalAmount,
      monthlyAmount: monthlyCreditAmount(input.totalAmount, input.duration),
      duration: input.duration,
      startDate: input.startDate,
      endDate: input.endDate,
      notes: input.notes ?? null,
      partnerId: input.partnerId ?? null,
      partnerName,
      memberId: input.memberId ?? null,
      createdAt: now.toISOString(),
      createdBy: actor.userId,
    });
    this.audit.appendEntry(tx, meta, {
      action: 'credits.credit.created',
      targetType: 'credit',
      targetId: row.id,
      companyId: row.partner_id,
      changes: diffChanges(null, auditedCredit(row)),
    });
    return toAdminCredit(row, now, this.settings.timeZone);
  }

  /** Active (not deactivated) credits the actor may process, newest first or in the query's sort and filters. */
  async list(actor: Actor, query: ListInput): Promise<Page<AthleteCredit>> {
    const now = this.settings.now();
    const filter = {
      visible: processableCreditsSql(actor),
      search: query.search,
      status: query.status,
      partnerId: query.partnerId,
      today: this.settings.today(now),
    };
    const [page, total] = await Promise.all([
      this.credits.page({ ...filter, ...query }),
      this.credits.count(filter),
    ]);
    // The administrator reads each credit's member; a partner does not (decision 336).
    const map = actor.role === 'super_admin' ? toAdminCredit : toCredit;
    return {
      items: page.rows.map((row) => map(row, now, this.settings.timeZone)),
      total,
      limit: query.limit,
      offset: query.cursor ? 0 : query.offset,
      nextCursor: page.nextCursor,
    };
  }

  /** The till's athlete type-ahead: credits the actor may process with money to spend today, by name. */
  async spendableAthletes(actor: Actor, query: SpendableInput): Promise<SpendableAthletesPage> {
    const now = this.settings.now();
    const page = await this.credits.spendablePage({
      visible: processableCreditsSql(actor),
      today: this.settings.today(now),
      ...query,
    });
    return {
      items: page.rows.map((row) => toCredit(row, now, this.settings.timeZone)),
      nextCursor: page.nextCursor,
    };
  }

  /** Removed when it has no transactions; deactivated (hidden from the lists, ledger kept) when it has. */
  remove(
    actor: Actor,
    input: RemoveInput,
    meta: RpcMeta,
  ): Promise<{ message: string; outcome: 'deleted' | 'deactivated' }> {
    const call = { actor, operation: RPC.credits.remove, request: input };
    return this.idempotency.once(call, async (tx) => {
      const removed = await this.credits.removeOrDeactivate(tx, input.id, this.settings.now().toISOString());
      if (!removed) throw creditNotFound();
      const { outcome, before } = removed;
      this.audit.appendEntry(tx, meta, {
        action: outcome === 'deleted' ? 'credits.credit.deleted' : 'credits.credit.deactivated',
        targetType: 'credit',
        targetId: before.id,
        companyId: before.partner_id,
        changes:
          outcome === 'deleted'
            ? diffChanges(auditedCredit(before), null)
            : diffChanges({ isActive: before.is_active }, { isActive: false }),
      });
      return {
        message:
          outcome === 'deleted'
            ? 'Credit deleted successfully'
            : 'Credit deactivated: it has transactions, so its ledger is kept',
        outcome,
      };
    });
  }
}

/** A credit's fields as an audit entry shows them (the contract's names). */
export function auditedCredit(row: CreditRow): Record<string, unknown> {
  return {
    athleteName: row.athlete_name,
    athleteRole: row.athlete_role,
    totalAmount: row.total_amount,
    monthlyAmount: row.monthly_amount,
    duration: row.duration,
    startDate: row.start_date,
    endDate: row.end_date,
    currentBalance: row.current_balance,
    notes: row.notes,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    memberId: row.member_id ?? null,
    isActive: row.is_active,
  };
}
