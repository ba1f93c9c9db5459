import { RPC, type AuthResponse, type RpcRequestInput } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { bearerToken, Public, Roles } from '../auth/auth.decorators';
import { DeviceCookies } from '../auth/device-cookie';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiRpc } from '../http/openapi';
import { Polled } from '../http/route-traits';
import { QueueBoard } from '../queues/queue-board';
import { metaOf, ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  private readonly devices: DeviceCookies;

  constructor(
    private readonly services: ServiceCaller,
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.devices = new DeviceCookies(config);
  }

  /** Sign-in by username; the role in the answer comes from the stored user. */
  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiRpc(RPC.identity.login, { body: true })
  login(
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.signIn(RPC.identity.login, body, req, reply);
  }

  /** Partner staff sign in with their e-mail or username. */
  @Public()
  @Post('company-login')
  @HttpCode(200)
  @ApiRpc(RPC.identity.companyLogin, { body: true })
  companyLogin(
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.signIn(RPC.identity.companyLogin, body, req, reply);
  }

  /**
   * Passes identity the browser's verified device cookies (a browser the user signed in on before is
   * not slowed down by failures from elsewhere) and, on success, sets or renews this user's entry.
   * The body goes as sent: identity's contract validates it.
   */
  private async signIn(
    subject: typeof RPC.identity.login | typeof RPC.identity.companyLogin,
    body: unknown,
    req: AuthenticatedRequest,
    reply: FastifyReply,
  ): Promise<AuthResponse> {
    const devices = this.devices.read(req.headers.cookie);
    const answer = await this.rpc.call(subject, body as RpcRequestInput<typeof subject>, {
      ...metaOf(req),
      ...(devices.length ? { devices } : {}),
    });
    const cookie = this.devices.issue(req.headers.cookie, answer.user.id, req.protocol === 'https');
    void reply.header('set-cookie', cookie).header('cache-control', 'no-store');
    return answer;
  }

  @ApiBearerAuth()
  @Get('user')
  @ApiRpc(RPC.identity.currentUser)
  currentUser(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.identity.currentUser, {}, req);
  }

  /** The signed-in user's own language (`{language: 'en' | 'es'}`), any role; answers the user. */
  @ApiBearerAuth()
  @Patch('user/language')
  @ApiRpc(RPC.identity.setUserLanguage, { body: true })
  setLanguage(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.identity.setUserLanguage, body, req);
  }

  /** Ends this session on the server; the token stops working at once. */
  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  @ApiRpc(RPC.identity.logout)
  logout(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.identity.logout, { token: bearerToken(req) ?? '' }, req);
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@Roles('super_admin')
@Controller('api/admin')
export class AdminProfileController {
  constructor(
    private readonly services: ServiceCaller,
    private readonly board: QueueBoard,
  ) {}

  @Patch('profile')
  @ApiRpc(RPC.identity.updateProfile, { body: true })
  updateProfile(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.identity.updateProfile, body, req);
  }

  /** Accounts whose sign-ins are being slowed down now (the dashboard's alert polls it). */
  @Get('sign-in-attacks')
  @Polled({ conditional: false }) // decision 250: a Redis read that no event versions
  @ApiRpc(RPC.identity.signInAttacks)
  signInAttacks(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.identity.signInAttacks, {}, req);
  }

  @Post('change-password')
  @HttpCode(200)
  @ApiRpc(RPC.identity.changePassword, { body: true })
  async changePassword(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    const answer = await this.services.forward(RPC.identity.changePassword, body, req);
    // This session stays signed in; the queue board it opened does not (decision 159).
    await this.board.endSessionsOf(req.user!.userId);
    return answer;
  }
}
