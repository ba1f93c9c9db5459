import { RPC } from '@avpass/contracts';
import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/** Redemptions after the fact (issue 25). */
@ApiTags('vouchers')
@ApiBearerAuth()
@Controller('api')
export class RedemptionsController {
  constructor(readonly services: ServiceCaller) {}

  /**
   * Undo a redemption `{ reason }` (1–500 characters): the use goes back to the code. The
   * administrator at any time; a partner's staff only its own partner's, within
   * REDEMPTION_UNDO_MINUTES (403 after). Unknown 404; already cancelled 409, nothing changes. With an
   * Idempotency-Key, a retry of the cancel that went through answers its first answer (200), not 409.
   */
  @Roles('super_admin', 'company_admin')
  @Post('redemptions/:id/cancel')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.vouchers.cancelRedemption, { body: true, added: ['id', 'idempotencyKey'] })
  cancel(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.cancelRedemption, body ?? {}, req, {
      id,
      ...idempotencyOf(req),
    });
  }
}
