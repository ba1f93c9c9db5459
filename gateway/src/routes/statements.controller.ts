import { RPC } from '@avpass/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

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

  /** Every partner's statement of a finished month; run again, nothing new (each is issued once). */
  @Roles('super_admin')
  @Post('statements/issue')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.statements.issue, { body: true, added: ['idempotencyKey'] })
  issue(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.issue, body, req, idempotencyOf(req));
  }

  @Roles('super_admin', 'company_admin')
  @Get('statements/:id')
  @ApiRpc(RPC.statements.get, { added: ['id'] })
  get(@Param('id') id: string, @Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.get, query, req, { id });
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
  @ApiRpc(RPC.statements.markPaid, { body: true, added: ['id'] })
  markPaid(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.statements.markPaid, body, req, { id });
  }
}
