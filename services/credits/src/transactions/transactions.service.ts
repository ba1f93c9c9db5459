import {
  CREDIT_REFUSALS,
  RPC,
  type Actor,
  type CreditTransaction,
  type Page,
  type RpcMeta,
  type RpcRequestPayload,
  CREDIT_ACCESS_MESSAGES,
  insufficientBalanceMessage,
} from '@avpass/contracts';
import { formatCents } from '@avpass/domain';
import { AuditTrail, DomainError, Idempotency, PartnerDirectory } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  creditNotFound,
  type CreditRow,
  CreditsRepository,
  processableCreditsSql,
  tallyScopeOf,
  toCredit,
  toTransaction,
  visibleTransactionsSql,
} from '../credits';
import { CreditsSettings } from '../settings';
import { TransactionsRepository, type LedgerChange } from './transactions.repository';

type ListInput = RpcRequestPayload<typeof RPC.credits.transactions>;

export const RECORDED_MESSAGE = 'Transaction recorded successfully';
export const VOIDED_MESSAGE = 'Transaction voided successfully';

export interface TransactionRequest {
  creditId: string;
  transactionType: string;
  amount: number;
  description: string;
  category: string;
  reference?: string | null | undefined;
  notes?: string | null | undefined;
  idempotencyKey?: string | undefined;
}

export const transactionNotFound = () => DomainError.notFound('Transaction');

/** A filtered ledger counts at most this many rows, then says "more than" (issue 27, decision 124). */
export const LEDGER_COUNT_BOUND = 10_000;

/** The ledger: record (at the till or by the administrator), void, and the lists. */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly credits: CreditsRepository,
    private readonly partners: PartnerDirectory,
    private readonly settings: CreditsSettings,
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Charges a credit. A company records for itself (partner id and name from the session, never the
   * body); the administrator records for no partner. Once per Idempotency-Key of this user and
   * `operation` (the route's subject), claimed by the charge's own statement
   * (Idempotency.onceInStatement): a retry answers the first transaction, the same key with another
   * request is a 409, another user's same key is another request.
   */
  async recordCreditTransaction(
    actor: Actor,
    request: TransactionRequest,
    meta: RpcMeta,
    operation: string = RPC.credits.record,
  ) {
    const { creditId } = request;
    const partnerId = actor.role === 'super_admin' ? null : actor.companyId;
    if (actor.role !== 'super_admin' && !partnerId)
      throw DomainError.forbidden(CREDIT_ACCESS_MESSAGES.partnerRequired);
    const partnerName = partnerId ? await this.partners.nameOf(partnerId, meta, 'Your company') : null;
    const call = { actor, operation, request };
    // A refusal read after the statement may find the credit changed meanwhile (a void gave money back):
    // then the charge is tried again, a few times at most.
    for (let attempt = 0; ; attempt++) {
      const now = this.settings.now();
      const today = this.settings.today(now);
      const reference = { transactionId: randomUUID() };
      const answer = await this.idempotency.onceInStatement(
        call,
        reference,
        async (claim) => {
          const change = await this.transactions.recordCreditTransaction({
            id: reference.transactionId,
            creditId,
            processable: processableCreditsSql(actor),
            today,
            partnerId,
            partnerName,
            transactionType: request.transactionType,
            amount: request.amount,
            description: request.description,
            category: request.category,
            reference: request.reference ?? null,
            notes: request.notes ?? null,
            at: now.toISOString(),
            createdBy: actor.userId,
            claim,
            meta,
          });
          return change ? this.answer(RECORDED_MESSAGE, change, now) : null;
        },
        (earlier) => this.replay(actor, creditId, earlier.transactionId),
      );
      if (answer) return answer;
      const credit = await this.credits.findById(creditId, processableCreditsSql(actor));
      const refusal = this.refusal(credit, today, request.amount);
      if (refusal || attempt >= 3) throw refusal ?? DomainError.conflict(CREDIT_ACCESS_MESSAGES.changed);
    }
  }

  /**
   * Voids a transaction once: its amount goes back to the credit. A second void changes nothing (409);
   * a retry with the void's Idempotency-Key gets the void's own answer again.
   */
  async void(actor: Actor, input: RpcRequestPayload<typeof RPC.credits.voidTransaction>, meta: RpcMeta) {
    const { id, reason } = input;
    const call = { actor, operation: RPC.credits.voidTransaction, request: input };
    return this.idempotency.once(call, async (tx) => {
      const now = this.settings.now();
      const visible = visibleTransactionsSql(actor);
      const change = await this.transactions.void(tx, {
        id,
        visible,
        at: now.toISOString(),
        voidedBy: actor.userId,
        reason,
      });
      if (change) {
        this.audit.appendEntry(tx, meta, {
          action: 'credits.transaction.voided',
          targetType: 'credit-transaction',
          targetId: change.transaction.id,
          companyId: change.transaction.partner_id,
          changes: {
            voided: { before: false, after: true },
            reason: { before: null, after: reason },
            currentBalance: {
              before: change.credit.current_balance - change.transaction.amount,
              after: change.credit.current_balance,
            },
          },
        });
        return this.answer(VOIDED_MESSAGE, change, now);
      }
      const existing = await this.transactions.findById(id, visible, tx);
      if (!existing) throw transactionNotFound();
      throw DomainError.conflict(CREDIT_REFUSALS.alreadyVoided);
    });
  }

  /**
   * The ledger (administrator: every transaction; a company: its own), newest first or oldest first,
   * filtered by status and partner. Unfiltered, the total is the tallies' count; filtered, a count that
   * stops after LEDGER_COUNT_BOUND rows (then `totalIsLowerBound`).
   */
  async list(actor: Actor, query: ListInput): Promise<Page<CreditTransaction>> {
    const filter = {
      visible: visibleTransactionsSql(actor),
      creditId: query.creditId,
      search: query.search,
      status: query.status,
      partnerId: query.partnerId,
    };
    const scope = tallyScopeOf(actor);
    const counted = Boolean(query.search?.trim() || query.creditId || query.status || query.partnerId);
    const [page, total] = await Promise.all([
      this.transactions.page({
        ...filter,
        cursor: query.cursor,
        offset: query.offset,
        limit: query.limit,
        order: query.order,
      }),
      counted || !scope
        ? this.transactions
            .countUpTo(filter, LEDGER_COUNT_BOUND)
            .then((n) => ({ n: Math.min(n, LEDGER_COUNT_BOUND), lowerBound: n > LEDGER_COUNT_BOUND }))
        : this.transactions
            .tallies(scope, this.settings.today(), this.settings.today())
            .then((t) => ({ n: t.transactions, lowerBound: false })),
    ]);
    return {
      items: page.rows.map(toTransaction),
      total: total.n,
      limit: query.limit,
      offset: query.cursor ? 0 : query.offset,
      nextCursor: page.nextCursor,
      ...(total.lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }

  /** The first transaction of a retried key, as it stands now, with the credit. */
  private async replay(actor: Actor, creditId: string, transactionId: string) {
    const earlier = await this.transactions.findById(transactionId, visibleTransactionsSql(actor));
    if (!earlier) throw transactionNotFound();
    const credit = await this.credits.findById(creditId, processableCreditsSql(actor));
    if (!credit) throw creditNotFound();
    return this.answer(RECORDED_MESSAGE, { transaction: earlier, credit }, this.settings.now());
  }

  private answer(message: string, change: LedgerChange, now: Date) {
    return {
      message,
      transaction: toTransaction(change.transaction),
      credit: toCredit(change.credit, now, this.settings.timeZone),
    };
  }

  /** Why the credit cannot be charged `amount` now (409 with the reason), or null if it could. */
  private refusal(credit: CreditRow | null, today: string, amount: number): DomainError | null {
    if (!credit) return creditNotFound();
    if (!credit.is_active) return DomainError.conflict(CREDIT_REFUSALS.inactive);
    if (credit.end_date < today) return DomainError.conflict(CREDIT_REFUSALS.expired);
    if (credit.current_balance < amount) {
      return DomainError.conflict(
        insufficientBalanceMessage(
          CREDIT_REFUSALS.insufficient,
          formatCents(credit.current_balance),
          formatCents(amount),
        ),
      );
    }
    return null;
  }
}
