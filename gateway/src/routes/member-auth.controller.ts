import { RPC } from '@avpass/contracts';
import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiRpc } from '../http/openapi';
import { publicOriginOf } from '../http/origin';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * A member's passwordless sign-in (issue 41, decisions 329 and 330). /link and /code answer 202 with
 * the same body whether or not the address is a member's; the members service throttles them (429 with
 * Retry-After) and sends the message after answering.
 */
@ApiTags('member-auth')
@Public()
@Controller('api/member-auth')
export class MemberAuthController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `{email}`: a magic link to /me/sign-in#token=… (PUBLIC_URL's origin, else this request's). */
  @Post('link')
  @HttpCode(202)
  @ApiRpc(RPC.members.signInLink, { body: true, added: ['origin'], status: 202 })
  link(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.signInLink, body, req, {
      origin: publicOriginOf(req, this.config.PUBLIC_URL),
    });
  }

  /** `{phone}`: a 6-digit code by SMS (nothing is sent while SMS is not configured). */
  @Post('code')
  @HttpCode(202)
  @ApiRpc(RPC.members.signInCode, { body: true, status: 202 })
  code(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.signInCode, body, req);
  }

  /** Which ways to sign in the screen offers: e-mail always, SMS only while TWILIO_* are set. */
  @Get('channels')
  @ApiRpc(RPC.members.signInChannels)
  channels(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.signInChannels, {}, req);
  }

  /** `{token}` or `{phone, code}`: a member session, once. */
  @Post('verify')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiRpc(RPC.members.verifySignIn, { body: true })
  verify(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.verifySignIn, body, req);
  }
}
