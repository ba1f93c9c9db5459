import { RPC } from '@avpass/contracts';
import { Body, Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { bearerToken, Public, Roles } from '../auth/auth.decorators';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly services: ServiceCaller) {}

  /** Sign-in by username; the role in the answer comes from the stored user. */
  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiRpc(RPC.identity.login, { body: true })
  login(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.identity.login, body, req);
  }

  /** Partner staff sign in with their e-mail or username. */
  @Public()
  @Post('company-login')
  @HttpCode(200)
  @ApiRpc(RPC.identity.companyLogin, { body: true })
  companyLogin(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.identity.companyLogin, body, req);
  }

  @ApiBearerAuth()
  @Get('user')
  @ApiRpc(RPC.identity.currentUser)
  currentUser(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.identity.currentUser, {}, req);
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
  constructor(private readonly services: ServiceCaller) {}

  @Patch('profile')
  @ApiRpc(RPC.identity.updateProfile, { body: true })
  updateProfile(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.identity.updateProfile, body, req);
  }

  @Post('change-password')
  @HttpCode(200)
  @ApiRpc(RPC.identity.changePassword, { body: true })
  changePassword(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.identity.changePassword, body, req);
  }
}
