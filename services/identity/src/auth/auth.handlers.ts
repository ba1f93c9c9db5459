import {
  changePasswordRequestSchema,
  companyLoginRequestSchema,
  loginRequestSchema,
  RPC,
  updateProfileRequestSchema,
  type Actor,
  type RpcRequest,
} from '@avpass/contracts';
import { DomainError, parsePayload } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';

const tokenSchema = z.object({ token: z.string().min(1).max(512) });

function requireActor(request: RpcRequest<unknown>): Actor {
  if (!request.meta.actor) throw new DomainError('UNAUTHENTICATED', 'Please sign in.');
  return request.meta.actor;
}

@Controller()
export class AuthHandlers {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @MessagePattern(RPC.identity.login)
  login(@Payload() request: RpcRequest<unknown>) {
    const input = parsePayload(loginRequestSchema, request);
    return this.auth.login({ username: input.username }, input.password, request.meta);
  }

  @MessagePattern(RPC.identity.companyLogin)
  companyLogin(@Payload() request: RpcRequest<unknown>) {
    const input = parsePayload(companyLoginRequestSchema, request);
    const login = input.email ? { email: input.email } : { username: input.username ?? '' };
    return this.auth.login(login, input.password, request.meta);
  }

  @MessagePattern(RPC.identity.resolveSession)
  resolveSession(@Payload() request: RpcRequest<unknown>) {
    return this.auth.resolve(parsePayload(tokenSchema, request).token);
  }

  @MessagePattern(RPC.identity.logout)
  async logout(@Payload() request: RpcRequest<unknown>) {
    await this.auth.logout(parsePayload(tokenSchema, request).token);
    return { message: 'Signed out' };
  }

  @MessagePattern(RPC.identity.currentUser)
  currentUser(@Payload() request: RpcRequest<unknown>) {
    return this.auth.currentUser(requireActor(request), request.meta);
  }

  @MessagePattern(RPC.identity.updateProfile)
  async updateProfile(@Payload() request: RpcRequest<unknown>) {
    const user = await this.users.updateProfile(requireActor(request), parsePayload(updateProfileRequestSchema, request));
    return this.auth.describe(user, request.meta);
  }

  @MessagePattern(RPC.identity.changePassword)
  async changePassword(@Payload() request: RpcRequest<unknown>) {
    await this.users.changePassword(requireActor(request), parsePayload(changePasswordRequestSchema, request));
    return { message: 'Password changed' };
  }
}
