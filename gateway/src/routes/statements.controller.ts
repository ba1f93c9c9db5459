import {
  RPC,
  statementFileName,
  type Statement,
  type StatementDetail,
  type StatementLine,
  type StatementPage,
} from '@avpass/contracts';
import { negotiate } from '@avpass/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../auth/auth.decorators';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { csvRow } from './csv';
import { sendPagedCsv } from './csv-export';
import { sendRenderedFile } from './rendering.controller';

const CSV_HEADER = [
  'Partner',
  'Period',
  'Revision',
  'Status',
  'Section',
  'Description',
  'Quantity',
  'Cancelled',
  'Sales (USD)',
  'Discount (USD)',
  'Partner-funded discount (USD)',
  'Club owes (USD)',
  'Partner owes (USD)',
  'Without a sale amount',
];
/** Dollars as a number (a text "-7.00" would be neutralised as a formula): 1250 -> 12.5. */
const dollars = (cents: number) => cents / 100;

const PAYOUT_HEADER = [
  'Partner',
  'Legal name',
  'Partner ID',
  'Period',
  'Revision',
  'Status',
  'Club pays (USD)',
  'Partner pays (USD)',
  'Paid on',
  'Reference',
  'Statement ID',
];
/** A partner's row of the payout export: its legal name, or its name when it has none. */
const payoutLine = (s: Statement) =>
  csvRow([
    s.partnerName,
    s.partnerLegalName || s.partnerName,
    s.partnerId,
    s.period,
    s.revision,
    s.status,
    dollars(Math.max(0, s.netCents)),
    dollars(Math.max(0, -s.netCents)),
    s.paidAt,
    s.paidReference,
    s.id,
  ]);
const csvLine = (s: StatementDetail, l: StatementLine) =>
  csvRow([
    s.partnerName,
    s.period,
    s.revision,
    s.status,
    l.section,
    l.label,
    l.quantity,
    l.reversals,
    dollars(l.salesCents),
    dollars(l.discountCents),
    dollars(l.partnerFundedCents),
    dollars(l.clubOwesCents),
    dollars(l.partnerOwesCents),
    l.withoutSaleAmount,
  ]);

/**
 * Partner statements (issue 39): the administrator reads every partner's, issues them, resolves
 * disputes and records payments; a company reads, approves and disputes its own (the statements
 * service decides the partner: another's statement is a 404).
 */
@ApiTags('statements')
@ApiBearerAuth()
@Controller('api')
export class StatementsController {
  constructor(readonly services: ServiceCaller) {}

  /** The live figures of any range of business days: what that range's statement would say. */
  @Roles('super_admin', 'company_admin')
  @Get('statements/preview')
  @ApiRpc(RPC.statements.preview)
  preview(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.preview, query, req);
  }

  @Roles('super_admin', 'company_admin')
  @Get('statements')
  @ApiRpc(RPC.statements.list)
  list(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.list, query, req);
  }

  /** The month's current statements summed, and how many are in each state. */
  @Roles('super_admin')
  @Get('statements/totals')
  @ApiRpc(RPC.statements.totals)
  totals(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.totals, query, req);
  }

  /**
   * The payout export of a month (CSV): one row per partner's current statement, what the club pays it
   * or it pays the club, and the payment's reference once paid, for a bookkeeper's import.
   */
  @Roles('super_admin')
  @Get('statements/payouts.csv')
  @ApiProduces('text/csv')
  async payouts(
    @Query() query: unknown,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const period = (query as { period?: unknown } | null)?.period;
    await sendPagedCsv<StatementPage>(reply, {
      header: PAYOUT_HEADER,
      query: { period },
      fetchPage: (filters) => this.services.forward(RPC.statements.list, { ...filters, limit: 200 }, req),
      lines: (page) => page.items.map(payoutLine),
      nextCursor: (page) => page.nextCursor,
      fileName: () => `avpass-payouts-${typeof period === 'string' ? period : 'all'}.csv`,
    });
  }

  /** Every partner's statement of a finished month; run again, nothing new (each is issued once). */
  @Roles('super_admin')
  @Post('statements/issue')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.statements.issue, { body: true, added: ['idempotencyKey'] })
  issue(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.issue, body, req, idempotencyOf(req));
  }

  /** The month's failed e-mails sent again (each still once per revision and recipient). */
  @Roles('super_admin')
  @Post('statements/resend')
  @HttpCode(200)
  @ApiRpc(RPC.statements.resendFailed, { body: true })
  resendFailed(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.resendFailed, body, req);
  }

  @Roles('super_admin', 'company_admin')
  @Get('statements/:id')
  @ApiRpc(RPC.statements.get, { added: ['id'] })
  get(@Param('id') id: string, @Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.get, query, req, { id });
  }

  /**
   * The statement as a PDF, named by partner and period; `?language=en|es` (the user's own setting, sent
   * by the screens), else the browser's Accept-Language (issue 42).
   */
  @Roles('super_admin', 'company_admin')
  @Get('statements/:id/pdf')
  @ApiProduces('application/pdf')
  @ApiRpc(RPC.statements.pdf, { added: ['id'], file: true })
  async pdf(
    @Param('id') id: string,
    @Query() query: unknown,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const asked = (query as { language?: unknown } | null)?.language;
    const language = asked ?? negotiate(req.headers['accept-language']);
    // The query's language as sent (the contract refuses anything but en or es with a 400).
    const added = { id, language: language as 'en' | 'es' };
    const file = await this.services.forward(RPC.statements.pdf, query, req, added);
    await sendRenderedFile(reply, file);
  }

  /**
   * The statement's lines as CSV (RFC 4180, formula cells neutralised), one line per voucher or batch,
   * credit, item or adjustment; amounts in dollars with cents. Streamed page by page.
   */
  @Roles('super_admin', 'company_admin')
  @Get('statements/:id/csv')
  @ApiProduces('text/csv')
  async csv(
    @Param('id') id: string,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendPagedCsv<StatementDetail>(reply, {
      header: CSV_HEADER,
      query: {},
      fetchPage: (filters) => this.services.call(RPC.statements.get, { id, limit: 200, ...filters }, req),
      lines: (page) => page.lines.map((line) => csvLine(page, line)),
      nextCursor: (page) => page.nextCursor,
      fileName: (page) => statementFileName(page.partnerName, page, 'csv'),
    });
  }

  /** Its e-mails to the partner's staff: a failed one with the SMTP server's reason. */
  @Roles('super_admin')
  @Get('statements/:id/deliveries')
  @ApiRpc(RPC.statements.deliveries, { added: ['id'] })
  deliveries(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.statements.deliveries, { id }, req);
  }

  /** Failed e-mails sent again, and staff added since it was issued mailed (each once per revision). */
  @Roles('super_admin')
  @Post('statements/:id/resend')
  @HttpCode(200)
  @ApiRpc(RPC.statements.resend, { added: ['id'] })
  resend(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.statements.resend, { id }, req);
  }

  @Roles('company_admin')
  @Post('statements/:id/approve')
  @HttpCode(200)
  @ApiRpc(RPC.statements.approve, { added: ['id'] })
  approve(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.statements.approve, { id }, req);
  }

  @Roles('company_admin')
  @Post('statements/:id/dispute')
  @HttpCode(200)
  @ApiRpc(RPC.statements.dispute, { body: true, added: ['id'] })
  dispute(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.dispute, body, req, { id });
  }

  @Roles('super_admin')
  @Post('statements/:id/resolve')
  @HttpCode(200)
  @ApiRpc(RPC.statements.resolve, { body: true, added: ['id'] })
  resolve(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.resolve, body, req, { id });
  }

  @Roles('super_admin')
  @Post('statements/:id/paid')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.statements.markPaid, { body: true, added: ['id', 'idempotencyKey'] })
  markPaid(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.markPaid, body, req, { id, ...idempotencyOf(req) });
  }
}
