import { RPC, type Actor, type AuthResponse, type CurrentUser, type RpcMeta } from '@avpass/contracts';
import { DomainError, RpcClient } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { SessionsService } from '../sessions/sessions.service';
import type { User } from '../users/user.entity';
import { displayNameOf, toCurrentUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';

const INVALID = 'Invalid username or password';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The device id of `userId`'s device cookie, when the gateway verified one on this request. */
function trustedDeviceOf(meta: RpcMeta, userId: string): string | null {
  if (!Array.isArray(meta.devices)) return null;
  const device = meta.devices.find((d) => d?.userId === userId && DEVICE_ID.test(String(d.deviceId)));
  return device ? device.deviceId : null;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Signs in by username or e-mail. The role comes from the stored user, never from which form was
   * used, so renaming the administrator cannot lock it out.
   */
  async login(
    login: { username?: string; email?: string },
    password: string,
    meta: RpcMeta,
  ): Promise<AuthResponse> {
    const identifier = (login.email ?? login.username ?? '').trim();
    const user = login.email
      ? await this.users.findByEmail(identifier)
      : await this.users.findByUsername(identifier);
    // A browser this user signed in on before keeps its own count (login-throttle.ts).
    const device = user ? trustedDeviceOf(meta, user.id) : null;
    const attempt = await this.throttle.begin(identifier, meta.ip, device);
    let outcome: 'failed' | 'succeeded' | 'abandoned' = 'abandoned';
    try {
      const valid = await this.hasher.verify(user?.passwordHash ?? null, password);
      if (!user || !valid) {
        outcome = 'failed';
        throw new DomainError('UNAUTHENTICATED', INVALID);
      }
      if (!user.isActive) {
        throw new DomainError('FORBIDDEN', 'This account has been deactivated. Contact your administrator.');
      }
      user.lastLogin = new Date();
      await this.users.save(user);
      const token = await this.sessions.start(user);
      outcome = 'succeeded';
      return { token, role: user.role, user: await this.describe(user, meta) };
    } finally {
      // The answer stands even if Redis went away meanwhile: the count then just stays raised.
      await attempt[outcome]().catch((error: Error) =>
        this.logger.warn(`sign-in count not updated (${outcome}): ${error.message}`),
      );
    }
  }

  /** The actor behind a bearer token, or null when the session is unknown, expired or its user inactive. */
  async resolve(token: string): Promise<Actor | null> {
    const session = await this.sessions.resolve(token);
    if (!session) return null;
    const user = await this.users.findById(session.userId);
    if (!user?.isActive) return null;
    return {
      userId: user.id,
      role: user.role,
      companyId: user.companyId,
      sessionId: session.sid,
      name: displayNameOf(user),
    };
  }

  async currentUser(actor: Actor, meta: RpcMeta): Promise<CurrentUser> {
    const user = await this.users.findById(actor.userId);
    if (!user) throw new DomainError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    return this.describe(user, meta);
  }

  logout(token: string): Promise<void> {
    return this.sessions.end(token);
  }

  /** The navigation title needs the company's name; partners owns it, so ask (and degrade if it is down). */
  async describe(user: User, meta: RpcMeta): Promise<CurrentUser> {
    let companyName: string | null = null;
    if (user.companyId) {
      try {
        const vendor = await this.rpc.call(
          RPC.partners.get,
          { id: user.companyId },
          { requestId: meta.requestId },
          2000,
        );
        companyName = vendor.name;
      } catch (error) {
        this.logger.warn(`company name unavailable for ${user.companyId}: ${(error as Error).message}`);
      }
    }
    return toCurrentUser(user, companyName);
  }
}
