import { RPC, type AuditEntryView, type AuditPage } from '@avpass/contracts';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../auth/auth.decorators';
import { auditWordsFor } from '../http/audit-language';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { AuditNames } from './audit-names';
import { csvRow } from './csv';
import { sendPagedCsv } from './csv-export';

const CSV_HEADER = [
  'At (UTC)',
  'Actor Type',
  'Actor ID',
  'Actor',
  'Role',
  'Actor Company',
  'Action',
  'Target Type',
  'Target ID',
  'Company',
  'Request ID',
  'Address',
  'User Agent',
  'Changes',
  'Service',
  'Entry ID',
  // Issue 44: the raw columns above are for machines; these are for people.
  'Company Name',
  'Description',
];

const csvLine = (e: AuditEntryView) =>
  csvRow([
    e.at,
    e.actorType,
    e.actorId,
    e.actorName,
    e.actorRole,
    e.actorCompanyId,
    e.action,
    e.targetType,
    e.targetId,
    e.companyId,
    e.requestId,
    e.ip,
    e.userAgent,
    e.changes === null ? null : JSON.stringify(e.changes),
    e.service,
    e.id,
    e.companyName ?? null,
    e.description ?? null,
  ]);

/**
 * The audit trail (issue 26): who changed what. The administrator reads every entry; a company_admin
 * the entries about its company and its staff's actions (the service decides the rows).
 */
@ApiTags('audit')
@ApiBearerAuth()
@Controller('api')
export class AuditController {
  constructor(
    readonly services: ServiceCaller,
    private readonly names: AuditNames,
  ) {}

  @Roles('super_admin', 'company_admin')
  @Get('audit')
  @ApiRpc(RPC.audit.list)
  async list(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.names.name(await this.services.forward(RPC.audit.list, query, req), req);
  }

  /** The person picker's type-ahead (issue 44, decision 165): at most 10 users by username prefix. */
  @Roles('super_admin')
  @Get('audit/people')
  @ApiRpc(RPC.identity.searchUsers)
  people(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.identity.searchUsers, query, req);
  }

  /**
   * The same query as CSV, streamed page by page (each page one call). The first page is fetched
   * before the answer starts, so a bad query is a 400. The Description column is in the request's
   * Accept-Language (the screen sends the one it speaks), else English; the other columns are raw.
   */
  @Roles('super_admin', 'company_admin')
  @Get('audit/export')
  @ApiProduces('text/csv')
  async export(
    @Query() query: unknown,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const words = await auditWordsFor(req.headers['accept-language']);
    await sendPagedCsv<AuditPage>(reply, {
      header: CSV_HEADER,
      query,
      fetchPage: async (filters) =>
        this.names.name(await this.services.forward(RPC.audit.exportPage, filters, req), req, words),
      lines: (page) => page.items.map(csvLine),
      nextCursor: (page) => page.nextCursor,
      fileName: () => 'audit.csv',
    });
  }
}
