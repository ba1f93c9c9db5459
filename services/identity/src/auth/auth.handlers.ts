import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { UsersService } from '../users';
import { AuthService } from './auth.service';

/** Sign-in, sessions and the administrator's own profile; requests validated by their contracts. */
@Controller()
export class AuthHandlers {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @RpcHandler(RPC.identity.login)
  login(input: In<typeof RPC.identity.login>, meta: RpcMeta) {
    return this.auth.login({ username: input.username }, input.password, meta);
  }

  @RpcHandler(RPC.identity.companyLogin)
  companyLogin(input: In<typeof RPC.identity.companyLogin>, meta: RpcMeta) {
    const login = input.email ? { email: input.email } : { username: input.username ?? '' };
    return this.auth.login(login, input.password, meta);
  }

  @RpcHandler(RPC.identity.resolveSession)
  resolveSession({ token }: In<typeof RPC.identity.resolveSession>) {
    return this.auth.resolve(token);
  }

  @RpcHandler(RPC.identity.sessionActor)
  sessionActor({ sessionId }: In<typeof RPC.identity.sessionActor>) {
    return this.auth.resolveSessionId(sessionId);
  }

  @RpcHandler(RPC.identity.logout)
  async logout({ token }: In<typeof RPC.identity.logout>, meta: RpcMeta) {
    await this.auth.logout(token, meta);
    return { message: 'Signed out' };
  }

  @RpcHandler(RPC.identity.currentUser)
  currentUser(_: object, meta: RpcMeta) {
    return this.auth.currentUser(requireActor(meta), meta);
  }

  @RpcHandler(RPC.identity.signInAttacks)
  signInAttacks(_: object, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.auth.signInAttacks();
  }

  @RpcHandler(RPC.identity.updateProfile)
  async updateProfile(input: In<typeof RPC.identity.updateProfile>, meta: RpcMeta) {
    const user = await this.users.updateProfile(requireActor(meta), input, meta);
    return this.auth.describe(user, meta);
  }

  /** The signed-in user's own language; the answer is the user as GET /api/auth/user shows it. */
  @RpcHandler(RPC.identity.setUserLanguage)
  async setLanguage({ language }: In<typeof RPC.identity.setUserLanguage>, meta: RpcMeta) {
    const user = await this.users.setLanguage(requireActor(meta), language, meta);
    return this.auth.describe(user, meta);
  }

  @RpcHandler(RPC.identity.changePassword)
  async changePassword(input: In<typeof RPC.identity.changePassword>, meta: RpcMeta) {
    await this.users.changePassword(requireActor(meta), input, meta);
    return { message: 'Password changed' };
  }
}
