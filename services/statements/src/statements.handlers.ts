import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { PreviewService } from './preview';
import { StatementDocuments } from './documents';
import { IssuingService, MonthlyIssueWorker } from './issuing';
import { StatementsService } from './statements';

/** Partner statements (issue 39); the gateway checks roles, the service the partner. */
@Controller()
export class StatementsHandlers {
  constructor(
    private readonly previews: PreviewService,
    private readonly statements: StatementsService,
    private readonly issuing: IssuingService,
    private readonly documents: StatementDocuments,
    private readonly monthly: MonthlyIssueWorker,
  ) {}

  @RpcHandler(RPC.statements.preview)
  preview(query: In<typeof RPC.statements.preview>, meta: RpcMeta) {
    return this.previews.preview(query, requireActor(meta));
  }

  @RpcHandler(RPC.statements.list)
  list(query: In<typeof RPC.statements.list>, meta: RpcMeta) {
    return this.statements.list(query, requireActor(meta));
  }

  @RpcHandler(RPC.statements.get)
  get(query: In<typeof RPC.statements.get>, meta: RpcMeta) {
    return this.statements.get(query, requireActor(meta));
  }

  @RpcHandler(RPC.statements.pdf)
  pdf(input: In<typeof RPC.statements.pdf>, meta: RpcMeta) {
    return this.documents.pdfFor(input.id, requireActor(meta), input.language ?? 'en');
  }

  @RpcHandler(RPC.statements.deliveries)
  deliveries(input: In<typeof RPC.statements.deliveries>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.issuing.deliveries(input.id);
  }

  @RpcHandler(RPC.statements.resend)
  resend(input: In<typeof RPC.statements.resend>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.issuing.resend(input.id, meta);
  }

  @RpcHandler(RPC.statements.resendFailed)
  resendFailed(input: In<typeof RPC.statements.resendFailed>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.issuing.resendFailed(input.period);
  }

  @RpcHandler(RPC.statements.totals)
  totals(input: In<typeof RPC.statements.totals>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.statements.totals(input.period);
  }

  @RpcHandler(RPC.statements.issue)
  issue(input: In<typeof RPC.statements.issue>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.monthly.issueNow(input.period, meta);
  }

  @RpcHandler(RPC.statements.approve)
  approve(input: In<typeof RPC.statements.approve>, meta: RpcMeta) {
    return this.statements.approve(input.id, requireActor(meta), meta);
  }

  @RpcHandler(RPC.statements.dispute)
  dispute(input: In<typeof RPC.statements.dispute>, meta: RpcMeta) {
    return this.statements.dispute(input, requireActor(meta), meta);
  }

  @RpcHandler(RPC.statements.resolve)
  resolve(input: In<typeof RPC.statements.resolve>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.issuing.resolve(input, meta);
  }

  @RpcHandler(RPC.statements.markPaid)
  markPaid(input: In<typeof RPC.statements.markPaid>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.statements.markPaid(input, requireActor(meta), meta);
  }
}
