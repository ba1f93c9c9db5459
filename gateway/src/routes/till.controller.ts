import { RPC } from '@avpass/contracts';
import { Body, Controller, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { GzipAnswer } from '../http/gzip-answer';
import { ApiRpc } from '../http/openapi';
import { publicOriginOf } from '../http/origin';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * The till (issue 25): a partner's staff (and the administrator) check and redeem a member's code;
 * the club-wide voucher defaults. Bodies are validated by the vouchers service's contracts.
 */
@ApiTags('till')
@ApiBearerAuth()
@Controller('api')
export class TillController {
  constructor(readonly services: ServiceCaller) {}

  /**
   * `{code, transactionAmount?}`: the voucher card, whether this shop may honour it now (else
   * `refusal` and `reason`), the discount and amount due for a sale, uses left. No write, no rate
   * limit. `code` is a voucher link, an id or 8 characters; not ours 400, unknown 404, an 8-character
   * entry matching several codes 409 with `matches`.
   */
  @Roles('super_admin', 'company_admin')
  @Post('till/check')
  @HttpCode(200)
  @ApiRpc(RPC.vouchers.tillCheck, { body: true, added: ['requestOrigin'] })
  check(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.tillCheck, body, req, {
      requestOrigin: publicOriginOf(req, undefined),
    });
  }

  /**
   * `{code, transactionAmount?, scannedAt?}` with an optional Idempotency-Key (same key: the same
   * answer, one redemption). 201 with the redemption and the voucher; another partner's code 403
   * 'This voucher is not valid at {partner}'; used up, expired, outside its hours, not yet valid 409.
   */
  @Roles('super_admin', 'company_admin')
  @Post('till/redeem')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.vouchers.tillRedeem, { body: true, added: ['idempotencyKey', 'requestOrigin'], status: 201 })
  redeem(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.tillRedeem, body, req, {
      requestOrigin: publicOriginOf(req, undefined),
      ...idempotencyOf(req),
    });
  }

  /** `?limit` (1–100, 20): today's redemptions at this partner's till (the administrator: every till). */
  @Roles('super_admin', 'company_admin')
  @Get('till/recent')
  @ApiRpc(RPC.vouchers.tillRecent)
  recent(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.tillRecent, query ?? {}, req);
  }

  /**
   * `?since&cursor&limit` (1–1000, 1000): the offline copy of the codes this partner's till may honour
   * (its own, assigned and club-wide), compact rows paged by id; with `since` (an earlier answer's) only
   * what changed after it, with `removed` ids. Partner staff only: the administrator gets 403. Gzipped
   * for clients that accept it (a page is ~250 KB of JSON).
   */
  @Roles('company_admin')
  @Get('till/codes')
  @GzipAnswer()
  @ApiRpc(RPC.vouchers.tillCodes)
  codes(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.tillCodes, query ?? {}, req);
  }

  /** The club-wide defaults of new codes (`defaultRedemptionMode`), for every signed-in user. */
  @Roles('super_admin', 'company_admin')
  @Get('settings/vouchers')
  @ApiRpc(RPC.vouchers.getVoucherSettings)
  settings(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.getVoucherSettings, {}, req);
  }

  @Roles('super_admin')
  @Put('settings/vouchers')
  @ApiRpc(RPC.vouchers.updateVoucherSettings, { body: true })
  updateSettings(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.updateVoucherSettings, body, req);
  }
}
