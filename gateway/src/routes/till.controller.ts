import { RPC } from '@avpass/contracts';
import { Body, Controller, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { GzipAnswer } from '../http/gzip-answer';
import { ApiRpc } from '../http/openapi';
import { publicOriginOf } from '../http/origin';
import { Limited, type RouteLimits } from '../http/request-limits';
import { HotWrite, Polled, ReadOnlyPost, Redeem } from '../http/route-traits';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * The till's calls share one set of limits per staff member and per partner (issue 37): past
 * TILL_RATE_PER_STAFF / TILL_RATE_PER_PARTNER a minute, or with TILL_IN_FLIGHT_PER_STAFF /
 * TILL_IN_FLIGHT_PER_PARTNER calls already in flight, a call is 429 with Retry-After, so one shop's burst
 * cannot hold the service another shop's till is waiting for. The administrator counts as staff only.
 */
export const TILL_LIMITS: RouteLimits = {
  name: 'till',
  rates: [
    { per: 'user', limit: (c) => c.TILL_RATE_PER_STAFF, windowSeconds: 60 },
    { per: 'company', limit: (c) => c.TILL_RATE_PER_PARTNER, windowSeconds: 60 },
  ],
  inFlight: [
    // Per session, before its token is looked up: a burst beyond it costs no session check.
    { per: 'session', most: (c) => c.TILL_IN_FLIGHT_PER_STAFF },
    { per: 'company', most: (c) => c.TILL_IN_FLIGHT_PER_PARTNER },
  ],
  message: 'This till is sending too many requests. Please wait {seconds} seconds and try again.',
};

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
   * `refusal` and `reason`), the discount and amount due for a sale, uses left. No write; the till's
   * limits. `code` is a voucher link, an id or 8 characters; not ours 400, unknown 404, 8 characters
   * of codes this partner may not honour only 403 (the reason a scan gives, without the card), of
   * several it may honour 409 with `matches`.
   */
  @Roles('super_admin', 'company_admin')
  @Post('till/check')
  @ReadOnlyPost()
  @Limited(TILL_LIMITS)
  @HttpCode(200)
  @ApiRpc(RPC.vouchers.tillCheck, { body: true, added: ['requestOrigin'] })
  check(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.tillCheck, body, req, {
      requestOrigin: publicOriginOf(req, undefined),
    });
  }

  /**
   * `{code, transactionAmount?, scannedAt?}` with an Idempotency-Key (the staff member's own: same key,
   * the same answer and one redemption; without one it is not retry-safe). 201 with the redemption and
   * the voucher; a code this partner may not honour 403 'This voucher is not valid at {partner}'; used
   * up, expired, outside its hours, not yet valid 409.
   */
  @Roles('super_admin', 'company_admin')
  @Post('till/redeem')
  @HotWrite()
  @Redeem()
  @Limited(TILL_LIMITS)
  @ApiIdempotencyKey({ redeem: true })
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
  @Polled({ conditional: false }) // decision 250: an Undo's window closes with time, no event
  @Limited(TILL_LIMITS)
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
  @Limited(TILL_LIMITS)
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
