import { RPC } from '@avpass/contracts';
import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiRpc } from '../http/openapi';
import { Polled } from '../http/route-traits';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * "Needs attention" (issue 43): redemptions a till kept offline and the server refused when they
 * reached it, for the administrator (every till, `?partnerId` one partner's) and for a partner's own
 * till (its own only).
 */
@ApiTags('till')
@ApiBearerAuth()
@Controller('api')
export class TillConflictsController {
  constructor(readonly services: ServiceCaller) {}

  /**
   * `?status` (open, the default; handled; all), `?partnerId` (the administrator), `?cursor`, `?limit`
   * (1–100, 20): newest first, keyset-paged. A partner's staff asking for another partner: 403.
   */
  @Roles('super_admin', 'company_admin')
  @Get('till/conflicts')
  @Polled({ conditional: false }) // "Needs attention" refreshes every minute; no version source covers it
  @ApiRpc(RPC.vouchers.tillConflicts)
  list(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.tillConflicts, query ?? {}, req);
  }

  /**
   * Marks one handled (200 with it); already handled: the same answer, unchanged. Another partner's,
   * or unknown: 404. With an Idempotency-Key a retry answers the first answer.
   */
  @Roles('super_admin', 'company_admin')
  @Post('till/conflicts/:id/handle')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.vouchers.handleTillConflict, { added: ['id', 'idempotencyKey'] })
  handle(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.handleTillConflict, {}, req, { id, ...idempotencyOf(req) });
  }
}
