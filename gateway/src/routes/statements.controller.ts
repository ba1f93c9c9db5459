import { RPC } from '@avpass/contracts';
import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * Partner statements (issue 39): the administrator reads every partner's, a company its own (the
 * statements service decides the partner).
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
}
