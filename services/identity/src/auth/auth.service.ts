import {
  RPC,
  type Actor,
  type AuditAction,
  type AuthResponse,
  type CurrentUser,
  type RpcMeta,
  type SignInAttack,
} from '@avpass/contracts';
import { AuditTrail, DomainError, RpcClient, Transactions } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { PartnerStatusesRepository } from '../partner-statuses';
import { SessionsService } from '../sessions';
import { displayNameOf, PasswordHasher, toCurrentUser, type User, UsersRepository } from '../users';
import { LoginThrottle, SignInThrottled, type LoginAttempt } from './login-throttle';
import { maskIdentifier } from './masked-identifier';
import { SessionActorsRepository, type SessionActorRow } from './session-actors.repository';

const INVALID = 'Invalid username or password';
const PARTNER_DEACTIVATED =
  'Your partner account has been deactivated. Please contact the club administrator.';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The device id of `userId`'s device cookie, when the gateway verified one on this request. */
function trustedDeviceOf(meta: RpcMeta, userId: string): string | null {
  if (!Array.isArray(meta.devices)) return null;
  const device = meta.devices.find((d) => d?.userId === userId && DEVICE_ID.test(String(d.deviceId)));
  return device ? device.deviceId : null;
}

/** The actor a user is once signed in. */
function actorOf(user: User): Actor {
  return { userId: user.id, role: user.role, companyId: user.companyId, name: displayNameOf(user) };
}

/** The actor of a resolved session (SessionActorsRepository), or null. */
function actorOfRow(row: SessionActorRow | null): Actor | null {
  if (!row) return null;
  return {
    userId: row.userId,
    role: row.role,
    companyId: row.companyId,
    sessionId: row.sid,
    name: displayNameOf(row),
  };
}

/** A refused sign-in's caller: no actor (public, known by its address). */
function publicMeta(meta: RpcMeta): RpcMeta {
  const { actor: _actor, ...rest } = meta;
  return rest;
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
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
    private readonly partners: PartnerStatusesRepository,
    private readonly sessionActors: SessionActorsRepository,
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
    // A browser this user signed in on before keeps its own count (login-throttle.ts). Counts are the
    // user's whether the username or the e-mail was typed; an unknown name costs the same Redis call.
    const device = user ? trustedDeviceOf(meta, user.id) : null;
    let attempt: LoginAttempt;
    try {
      attempt = await this.throttle.begin(
        user ? { userId: user.id } : { userId: null, typed: identifier },
        meta.ip,
        device,
        user ? (failures) => this.recordAttack(meta, user, failures) : undefined,
      );
    } catch (error) {
      // An attempt slowed by the account's budget is one of many in an attack recorded once (decision 155).
      if (error instanceof SignInThrottled && error.reason !== 'account') {
        await this.recordRefusedSignIn(meta, 'identity.sign-in.locked-out', identifier, user);
      }
      throw error;
    }
    let outcome: 'failed' | 'succeeded' | 'abandoned' = 'abandoned';
    try {
      const valid = await this.hasher.verify(user?.passwordHash ?? null, password);
      if (!user || !valid) {
        outcome = 'failed';
        await this.recordRefusedSignIn(meta, 'identity.sign-in.failed', identifier, user);
        throw new DomainError('UNAUTHENTICATED', INVALID);
      }
      if (!user.isActive) {
        await this.recordRefusedSignIn(meta, 'identity.sign-in.refused', identifier, user);
        throw new DomainError('FORBIDDEN', 'This account has been deactivated. Contact your administrator.');
      }
      if (user.companyId && !(await this.partners.isActive(user.companyId))) {
        await this.recordRefusedSignIn(meta, 'identity.sign-in.refused', identifier, user);
        throw new DomainError('FORBIDDEN', PARTNER_DEACTIVATED);
      }
      // The session and its entry commit together; the entry's actor is the user who signed in.
      const token = await this.transactions.run(async (tx) => {
        user.lastLogin = new Date();
        await this.users.save(user);
        const started = await this.sessions.start(user);
        this.audit.appendEntry(
          tx,
          { ...meta, actor: actorOf(user) },
          {
            action: 'identity.sign-in.succeeded',
            targetType: 'user',
            targetId: user.id,
            companyId: user.companyId,
            changes: null,
          },
        );
        return started;
      });
      outcome = 'succeeded';
      return { token, role: user.role, user: await this.describe(user, meta) };
    } finally {
      // The answer stands even if Redis went away meanwhile: the count then just stays raised.
      await attempt[outcome]().catch((error: Error) =>
        this.logger.warn(`sign-in count not updated (${outcome}): ${error.message}`),
      );
    }
  }

  /**
   * A refused sign-in, alone in its transaction: the actor is `public` (the address); the username
   * or e-mail tried is recorded as `changes.usernameTried` (null → as typed when it names an account,
   * else masked: it may be a password typed into the wrong box), the password never.
   * The target is the account tried when it exists (so its company reads attempts on its staff's).
   */
  private async recordRefusedSignIn(
    meta: RpcMeta,
    action: Extract<AuditAction, `identity.sign-in.${string}`>,
    identifier: string,
    user: User | null,
  ): Promise<void> {
    await this.transactions.run(async (tx) => {
      this.audit.appendEntry(tx, publicMeta(meta), {
        action,
        targetType: 'user',
        targetId: user?.id ?? null,
        companyId: user?.companyId ?? null,
        changes: {
          usernameTried: {
            before: null,
            after: user ? identifier.slice(0, 200) : maskIdentifier(identifier),
          },
        },
      });
    });
  }

  /**
   * The first attempt against `user` that found its account-wide budget spent: one entry per episode
   * (login-throttle.ts), public like the attempt, with the failures counted so far.
   */
  private async recordAttack(meta: RpcMeta, user: User, failures: number): Promise<void> {
    this.logger.warn(`sign-in attempts against user ${user.id} are being slowed: ${failures} failures`);
    // The attempt's answer does not depend on the entry: an outage leaves the log line and the metric.
    await this.transactions
      .run(async (tx) => {
        this.audit.appendEntry(tx, publicMeta(meta), {
          action: 'identity.sign-in.attack-detected',
          targetType: 'user',
          targetId: user.id,
          companyId: user.companyId,
          changes: { failedAttempts: { before: null, after: failures } },
        });
      })
      .catch((error: Error) => this.logger.error(`attack on user ${user.id} not recorded: ${error.message}`));
  }

  /** The administrator's dashboard: accounts whose sign-ins are being slowed down now. */
  async signInAttacks(): Promise<SignInAttack[]> {
    const attacks = await this.throttle.accountsUnderAttack();
    const users = await this.users.findByIds(attacks.map((a) => a.userId));
    return attacks.flatMap((attack) => {
      const user = users.find((u) => u.id === attack.userId);
      return user
        ? [
            {
              userId: user.id,
              username: user.username,
              failedAttempts: attack.failures,
              since: attack.since.toISOString(),
              lastFailure: attack.lastFailure.toISOString(),
            },
          ]
        : [];
    });
  }

  /**
   * The actor behind a bearer token, or null when the session is unknown, has ended, or its user or
   * the user's partner is deactivated; recording this use. One statement (decision 301).
   */
  async resolve(token: string): Promise<(Actor & { sessionEndsAt: string }) | null> {
    const row = await this.sessionActors.liveSessionActor(this.sessions.liveSession(token));
    const actor = actorOfRow(row);
    // When the session ends by its sign-in: a gateway keeping the answer keeps it no longer (decision 350).
    return actor && row ? { ...actor, sessionEndsAt: new Date(row.endsAt).toISOString() } : null;
  }

  /** The same for a session's id (the queue board's cookie, download links). */
  async resolveSessionId(sessionId: string): Promise<Actor | null> {
    return actorOfRow(await this.sessionActors.liveSessionActor(this.sessions.liveSessionById(sessionId)));
  }

  async currentUser(actor: Actor, meta: RpcMeta): Promise<CurrentUser> {
    const user = await this.users.findById(actor.userId);
    if (!user) throw new DomainError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    return this.describe(user, meta);
  }

  /** Ends the token's session with its entry; a session already ended records nothing. */
  async logout(token: string, meta: RpcMeta): Promise<void> {
    await this.transactions.run(async (tx) => {
      const ended = await this.sessions.end(token, tx);
      if (!ended) return;
      const actor = meta.actor ?? { userId: ended.userId, role: ended.role, companyId: ended.companyId };
      this.audit.appendEntry(
        tx,
        { ...meta, actor },
        {
          action: 'identity.session.ended',
          targetType: 'user',
          targetId: ended.userId,
          companyId: ended.companyId,
          changes: null,
        },
      );
    });
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
