import {
  approveStatementRequestSchema,
  disputeStatementRequestSchema,
  issueStatementsRequestSchema,
  issueStatementsResponseSchema,
  markStatementPaidRequestSchema,
  resendFailedRequestSchema,
  resendFailedResponseSchema,
  resendStatementResponseSchema,
  resolveStatementRequestSchema,
  statementDeliveriesSchema,
  statementDetailQuerySchema,
  statementDetailSchema,
  statementPdfRequestSchema,
  statementListQuerySchema,
  statementPageSchema,
  statementPreviewQuerySchema,
  statementPreviewSchema,
  statementSchema,
  statementTotalsQuerySchema,
  periodTotalsSchema,
} from '../statements';
import { renderedFileSchema } from '../rendering';
import { contract, health } from './contract';

/** The statements subjects of RPC_CONTRACTS (rpc-contracts.ts): partner statements (issue 39). */
export const statementsContracts = {
  'statements.health.v1': health,
  /** GET /api/statements/preview: the live figures of any range; a company its own partner's only. */
  'statements.preview.v1': contract('preview', statementPreviewQuerySchema, statementPreviewSchema),
  /** GET /api/statements: newest first, keyset-paged; the administrator every partner's, a company its own. */
  'statements.statements.list.v1': contract('list', statementListQuerySchema, statementPageSchema),
  /** GET /api/statements/{id}: the statement and a page of its lines (another partner's is a 404). */
  'statements.statements.get.v1': contract('get', statementDetailQuerySchema, statementDetailSchema),
  /** POST /api/statements/issue (super_admin, Idempotency-Key): every partner's statement of a finished month. */
  'statements.statements.issue.v1': contract(
    'issue',
    issueStatementsRequestSchema,
    issueStatementsResponseSchema,
  ),
  /** POST /api/statements/{id}/approve (the partner). */
  'statements.statements.approve.v1': contract('approve', approveStatementRequestSchema, statementSchema),
  /** POST /api/statements/{id}/dispute {reason, lineIds?} (the partner). */
  'statements.statements.dispute.v1': contract('dispute', disputeStatementRequestSchema, statementSchema),
  /** POST /api/statements/{id}/resolve {adjustments, reason} (super_admin): the new revision. */
  'statements.statements.resolve.v1': contract('resolve', resolveStatementRequestSchema, statementSchema),
  /** POST /api/statements/{id}/paid {paidAt, reference} (super_admin). */
  'statements.statements.mark-paid.v1': contract('markPaid', markStatementPaidRequestSchema, statementSchema),
  /** GET /api/statements/{id}/pdf: the statement as a PDF (base64), named by partner and period. */
  'statements.statements.pdf.v1': contract('pdf', statementPdfRequestSchema, renderedFileSchema),
  /** GET /api/statements/{id}/deliveries (super_admin): its e-mails, each with its status and last error. */
  'statements.statements.deliveries.v1': contract(
    'deliveries',
    approveStatementRequestSchema,
    statementDeliveriesSchema,
  ),
  /** POST /api/statements/{id}/resend (super_admin): failed e-mails again, new staff mailed. */
  'statements.statements.resend.v1': contract(
    'resend',
    approveStatementRequestSchema,
    resendStatementResponseSchema,
  ),
  /** POST /api/statements/resend {period} (super_admin): the month's failed e-mails again. */
  'statements.statements.resend-failed.v1': contract(
    'resendFailed',
    resendFailedRequestSchema,
    resendFailedResponseSchema,
  ),
  /** GET /api/statements/totals?period= (super_admin): the month's current statements summed. */
  'statements.statements.totals.v1': contract('totals', statementTotalsQuerySchema, periodTotalsSchema),
} as const;
