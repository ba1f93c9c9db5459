import { RPC, type MemberActor } from '@avpass/contracts';
import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { bearerToken, Roles } from '../auth/auth.decorators';
import { CurrentMember, MemberOnly, type MemberRequest } from '../auth/member.guard';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * A member's own page (issue 41), behind a member session (MemberGuard, decision 329): the profile,
 * the member's vouchers, sign-out. The member is the session's, never the request's.
 */
@ApiTags('me')
@MemberOnly()
@Controller('api/me')
export class MeController {
  constructor(private readonly services: ServiceCaller) {}

  /** The member's first name, language and athlete credit balance (null: no credit is linked to them). */
  @Get()
  @Header('cache-control', 'no-store')
  @ApiRpc(RPC.members.memberProfile)
  profile(@CurrentMember() member: MemberActor, @Req() req: MemberRequest) {
    return this.services.call(RPC.members.memberProfile, { memberId: member.memberId }, req);
  }

  /** `{language: 'en' | 'es'}`: the member's own language ("My vouchers"); answers as GET /api/me. */
  @Patch('language')
  @Header('cache-control', 'no-store')
  @ApiRpc(RPC.members.setMemberLanguage, { body: true })
  setLanguage(@Body() body: unknown, @CurrentMember() member: MemberActor, @Req() req: MemberRequest) {
    return this.services.forward(RPC.members.setMemberLanguage, body, req, { memberId: member.memberId });
  }

  /** ?cursor, ?limit: the member's codes, those that can be used first, then used and expired ones. */
  @Get('vouchers')
  @Header('cache-control', 'no-store')
  @ApiRpc(RPC.vouchers.heldVouchers)
  vouchers(@Query() query: unknown, @CurrentMember() member: MemberActor, @Req() req: MemberRequest) {
    return this.services.forward(RPC.vouchers.heldVouchers, query, req, { memberId: member.memberId });
  }

  /**
   * The member pass (issue 43): the codes of the current 30-second step and the next 9, signed, with
   * the server's time (the page shows the code of the server's step, not the phone's clock).
   */
  @Get('pass')
  @Header('cache-control', 'no-store')
  @ApiRpc(RPC.members.memberPass)
  pass(@CurrentMember() member: MemberActor, @Req() req: MemberRequest) {
    return this.services.call(RPC.members.memberPass, { memberId: member.memberId }, req);
  }

  /** A lost phone: the pass moves on, every earlier code (and a till's kept copy, at its next refresh) refused. */
  @Post('pass/revoke')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.members.revokeOwnPass, { added: ['memberId', 'sessionId', 'idempotencyKey'] })
  revokePass(@CurrentMember() member: MemberActor, @Req() req: MemberRequest) {
    return this.services.call(
      RPC.members.revokeOwnPass,
      { memberId: member.memberId, sessionId: member.sessionId, ...idempotencyOf(req) },
      req,
    );
  }

  /** Ends this member session; the token stops working at once. */
  @Post('sign-out')
  @HttpCode(200)
  @ApiRpc(RPC.members.endMemberSession)
  signOut(@Req() req: MemberRequest) {
    return this.services.call(RPC.members.endMemberSession, { token: bearerToken(req) ?? '' }, req);
  }
}

/** The administrator's view of a member's codes, for the member's detail (the same subject). */
@ApiTags('members')
@ApiBearerAuth()
@Controller('api/members')
export class MemberVouchersController {
  constructor(private readonly services: ServiceCaller) {}

  /** ?cursor, ?limit: the member's codes, as "My vouchers" lists them. */
  @Roles('super_admin')
  @Get(':id/vouchers')
  @ApiRpc(RPC.vouchers.heldVouchers)
  vouchers(@Param('id') id: string, @Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.heldVouchers, query, req, { memberId: id });
  }

  /** ?cursor, ?limit: the member's athlete credits (newest first, keyset-paged) and their balance (decision 336). */
  @Roles('super_admin')
  @Get(':id/credits')
  @ApiRpc(RPC.credits.memberCredits)
  credits(@Param('id') id: string, @Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.memberCredits, query, req, { memberId: id });
  }
}
