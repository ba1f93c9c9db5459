import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { DomainError, requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { CreditsService } from './credits/credits.service';
import { MemberCreditsService } from './credits/member-credits.service';
import { CreditSummaryService } from './transactions/credit-summary.service';
import { TransactionsService } from './transactions/transactions.service';

/**
 * Spec section 7 "Credits". Each request is validated by its contract (RPC_CONTRACTS) before the method
 * runs; the gateway checks roles too.
 */
@Controller()
export class CreditsHandlers {
  constructor(
    private readonly credits: CreditsService,
    private readonly ledger: TransactionsService,
    private readonly figures: CreditSummaryService,
    private readonly members: MemberCreditsService,
  ) {}

  @RpcHandler(RPC.credits.list)
  list(query: In<typeof RPC.credits.list>, meta: RpcMeta) {
    return this.credits.list(requireSuperAdmin(meta), query);
  }

  @RpcHandler(RPC.credits.create)
  create(input: In<typeof RPC.credits.create>, meta: RpcMeta) {
    return this.credits.create(requireSuperAdmin(meta), input, meta);
  }

  @RpcHandler(RPC.credits.remove)
  remove(input: In<typeof RPC.credits.remove>, meta: RpcMeta) {
    return this.credits.remove(requireSuperAdmin(meta), input, meta);
  }

  @RpcHandler(RPC.credits.listForPartner)
  listForPartner(query: In<typeof RPC.credits.listForPartner>, meta: RpcMeta) {
    return this.credits.list(requireActor(meta), query);
  }

  @RpcHandler(RPC.credits.spendableAthletes)
  spendableAthletes(query: In<typeof RPC.credits.spendableAthletes>, meta: RpcMeta) {
    return this.credits.spendableAthletes(requireActor(meta), query);
  }

  /** The members service (no actor: /api/me) or the administrator; never a partner. */
  @RpcHandler(RPC.credits.memberCredits)
  memberCredits({ memberId, limit, cursor }: In<typeof RPC.credits.memberCredits>, meta: RpcMeta) {
    if (meta.actor && meta.actor.role !== 'super_admin') throw DomainError.forbidden();
    return this.members.memberCredits(memberId, { limit, cursor });
  }

  @RpcHandler(RPC.credits.summary)
  summary(_: object, meta: RpcMeta) {
    return this.figures.summary(requireActor(meta));
  }

  @RpcHandler(RPC.credits.transactions)
  transactions(query: In<typeof RPC.credits.transactions>, meta: RpcMeta) {
    return this.ledger.list(requireSuperAdmin(meta), query);
  }

  @RpcHandler(RPC.credits.recordLedger)
  recordLedger(input: In<typeof RPC.credits.recordLedger>, meta: RpcMeta) {
    return this.ledger.recordCreditTransaction(
      requireSuperAdmin(meta),
      input,
      meta,
      RPC.credits.recordLedger,
    );
  }

  @RpcHandler(RPC.credits.record)
  record({ id, ...input }: In<typeof RPC.credits.record>, meta: RpcMeta) {
    return this.ledger.recordCreditTransaction(requireActor(meta), { creditId: id, ...input }, meta);
  }

  @RpcHandler(RPC.credits.voidTransaction)
  voidTransaction(input: In<typeof RPC.credits.voidTransaction>, meta: RpcMeta) {
    return this.ledger.void(requireSuperAdmin(meta), input, meta);
  }

  @RpcHandler(RPC.credits.partnerTransactions)
  partnerTransactions(query: In<typeof RPC.credits.partnerTransactions>, meta: RpcMeta) {
    return this.ledger.list(requireActor(meta), query);
  }
}
