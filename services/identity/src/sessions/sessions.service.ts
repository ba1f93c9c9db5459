import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import type { User } from '../users/user.entity';
import type { SessionData } from './session.entity';
import { SessionsRepository } from './sessions.repository';

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opaque bearer tokens backed by rows in `sessions`; ending a session takes effect at once. */
@Injectable()
export class SessionsService {
  private readonly ttlMs: number;

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.ttlMs = config.SESSION_TTL_HOURS * 3_600_000;
  }

  async start(user: User): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.sessions.insert({
      sid: sessionIdOf(token),
      sess: { userId: user.id, role: user.role, companyId: user.companyId },
      expire: new Date(Date.now() + this.ttlMs),
      userId: user.id,
    });
    return token;
  }

  /** The live session for a token, sliding its expiry forward when half of it has passed. */
  async resolve(token: string): Promise<(SessionData & { sid: string }) | null> {
    const sid = sessionIdOf(token);
    const session = await this.sessions.findLive(sid, new Date());
    if (!session) return null;
    if (session.expire.getTime() - Date.now() < this.ttlMs / 2) {
      await this.sessions.extend(sid, new Date(Date.now() + this.ttlMs));
    }
    return { ...session.sess, sid };
  }

  /** Ends the token's session; answers whose it was, or null when it had ended already. */
  end(token: string): Promise<SessionData | null> {
    return this.sessions.deleteReturning(sessionIdOf(token));
  }

  endAllFor(userIds: string[], exceptSid?: string): Promise<number> {
    return this.sessions.deleteForUsers(userIds, exceptSid);
  }
}
