import {
  authResponseSchema,
  changePasswordRequestSchema,
  companyLoginRequestSchema,
  currentUserSchema,
  loginRequestSchema,
  messageResponseSchema,
  RPC,
  updateProfileRequestSchema,
  type AuthResponse,
  type ChangePasswordRequest,
  type CompanyLoginRequest,
  type CurrentUser,
  type LoginRequest,
  type MessageResponse,
} from '@avpass/contracts';
import { Body, Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { bearerToken, Public, Roles } from '../auth/auth.decorators';
import { ApiContract } from '../http/openapi';
import { zodPipe } from '../http/zod-validation.pipe';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly services: ServiceCaller) {}

  /** Sign-in by username; the role in the answer comes from the stored user. */
  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiContract({ body: loginRequestSchema, response: authResponseSchema })
  login(@Body(zodPipe(loginRequestSchema)) body: LoginRequest, @Req() req: AuthenticatedRequest) {
    return this.services.call<AuthResponse>(RPC.identity.login, body, req);
  }

  /** Partner staff sign in with their e-mail or username. */
  @Public()
  @Post('company-login')
  @HttpCode(200)
  @ApiContract({ body: companyLoginRequestSchema, response: authResponseSchema })
  companyLogin(@Body(zodPipe(companyLoginRequestSchema)) body: CompanyLoginRequest, @Req() req: AuthenticatedRequest) {
    return this.services.call<AuthResponse>(RPC.identity.companyLogin, body, req);
  }

  @ApiBearerAuth()
  @Get('user')
  @ApiContract({ response: currentUserSchema })
  currentUser(@Req() req: AuthenticatedRequest) {
    return this.services.call<CurrentUser>(RPC.identity.currentUser, {}, req);
  }

  /** Ends this session on the server; the token stops working at once. */
  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  @ApiContract({ response: messageResponseSchema })
  logout(@Req() req: AuthenticatedRequest) {
    return this.services.call<MessageResponse>(RPC.identity.logout, { token: bearerToken(req) }, req);
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@Roles('super_admin')
@Controller('api/admin')
export class AdminProfileController {
  constructor(private readonly services: ServiceCaller) {}

  @Patch('profile')
  @ApiContract({ body: updateProfileRequestSchema, response: currentUserSchema })
  updateProfile(@Body(zodPipe(updateProfileRequestSchema)) body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<CurrentUser>(RPC.identity.updateProfile, body, req);
  }

  @Post('change-password')
  @HttpCode(200)
  @ApiContract({ body: changePasswordRequestSchema, response: messageResponseSchema })
  changePassword(@Body(zodPipe(changePasswordRequestSchema)) body: ChangePasswordRequest, @Req() req: AuthenticatedRequest) {
    return this.services.call<MessageResponse>(RPC.identity.changePassword, body, req);
  }
}
