import { RPC, tillPassRequestSchema, tillPassResponseSchema, type TillPassResponse } from '@avpass/contracts';
import { Body, Controller, Get, Header, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiContract, ApiRpc } from '../http/openapi';
import { Limited } from '../http/request-limits';
import { ReadOnlyPost } from '../http/route-traits';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { TILL_LIMITS } from './till.controller';

/**
 * The member pass at the till (issue 43, decisions 363 and 364): a partner's staff (and the
 * administrator) scan a member's pass; the till keeps the public keys and the revocations to check a
 * pass without a connection. Same roles and limits as POST /api/till/check.
 */
@ApiTags('till')
@ApiBearerAuth()
@Controller('api/till')
export class TillPassController {
  constructor(private readonly services: ServiceCaller) {}

  /**
   * The public keys a till verifies passes with (Ed25519, raw, base64url), the next key listed before it
   * signs, with the step and the oldest age a code is taken at. Keys change once a period: a till may
   * keep the answer a few minutes.
   */
  @Roles('super_admin', 'company_admin')
  @Get('pass-keys')
  @Header('cache-control', 'private, max-age=300')
  @Limited(TILL_LIMITS)
  @ApiRpc(RPC.members.passKeys)
  passKeys(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.passKeys, {}, req);
  }

  /**
   * `?since&cursor&limit` (1–1000, 500): the members whose pass moved on (revoked, erased) with the
   * version now current, paged; with `since` (an earlier answer's) only what changed after it.
   */
  @Roles('super_admin', 'company_admin')
  @Get('pass-revocations')
  @Header('cache-control', 'no-store')
  @Limited(TILL_LIMITS)
  @ApiRpc(RPC.members.passRevocations)
  revocations(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.passRevocations, query ?? {}, req);
  }

  /**
   * `{code, secondFactor?, transactionAmount?}`: a scanned member pass. Accepted: the holder and the
   * member's vouchers valid at this shop, each as the till check answers it (with the sale's discount
   * when `transactionAmount` is sent), and the daily cap's count. Refused (a screenshot, a forgery, a
   * revoked pass, a static code without the right date of birth or phone digits): 200 with
   * `accepted: false`, `refusal`, `reason` and `reasonCode` — the till's answer, not an error. A body
   * that is not a scan is a 400; too many second factors tried for one member a 429.
   */
  @Roles('super_admin', 'company_admin')
  @Post('pass')
  @ReadOnlyPost()
  @Limited(TILL_LIMITS)
  @HttpCode(200)
  @ApiContract({ body: tillPassRequestSchema, response: tillPassResponseSchema })
  async pass(@Body() body: unknown, @Req() req: AuthenticatedRequest): Promise<TillPassResponse> {
    const { memberId, ...judgement } = await this.services.forward(RPC.members.judgeTillPass, body, req);
    if (!judgement.accepted || !memberId) return { ...judgement, vouchers: [] };
    const sale = (body as { transactionAmount?: unknown }).transactionAmount;
    const codes = await this.memberVouchersAtTill(memberId, sale, req);
    return { ...judgement, ...codes };
  }

  /** The member's vouchers this till may honour (vouchers.till.memberCodes.v1): the administrator's, every code. */
  private memberVouchersAtTill(memberId: string, transactionAmount: unknown, req: AuthenticatedRequest) {
    const user = req.user!;
    return this.services.call(
      RPC.vouchers.tillMemberCodes,
      {
        memberId,
        partnerId: user.role === 'super_admin' ? null : user.companyId,
        ...(transactionAmount === undefined ? {} : { transactionAmount: transactionAmount as number }),
      },
      req,
    );
  }
}
