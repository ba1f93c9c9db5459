import type { Role } from '@avpass/contracts';
import type { Tx } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { CLOCK, type Clock } from '../clock';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import type { SessionData } from './session.entity';
import { SessionRevocations } from './session-revocations';
import { LIVE_SESSION_CTES, SessionsRepository } from './sessions.repository';

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A use is written to the session's row only when the recorded one is at least this old, so a screen
 * polling every few seconds costs one write a minute, not one per request. The idle limit is checked
 * against the recorded use: a session ends between SESSION_IDLE_MINUTES minus this and
 * SESSION_IDLE_MINUTES after its last request, never later (decision 158).
 */
export const LAST_SEEN_GRANULARITY_MS = 60_000;

/** A live session's CTEs (`live`: sid, user_id, expire; `seen`) and their parameters, to embed after `with`. */
export interface LiveSession {
  ctes: string;
  params: string[];
}

/** Who a session is started for (a users/ User is one; sessions/ does not import users/). */
export interface SessionUser {
  id: string;
  role: Role;
  companyId: string | null;
}

/**
 * Opaque bearer tokens backed by rows in `sessions`; ending a session takes effect at once. A session
 * ends SESSION_IDLE_MINUTES after its last use (a poll is a use) and SESSION_TTL_HOURS after its sign-in.
 */
@Injectable()
export class SessionsService {
  private readonly ttlMs: number;
  private readonly idleMs: number;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly revocations: SessionRevocations,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.ttlMs = config.SESSION_TTL_HOURS * 3_600_000;
    this.idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  }

  async start(user: SessionUser): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.sessions.insert({
      sid: sessionIdOf(token),
      sess: { userId: user.id, role: user.role, companyId: user.companyId },
      expire: new Date(now.getTime() + this.ttlMs),
      createdAt: now,
      lastSeenAt: now,
      userId: user.id,
    });
    return token;
  }

  /**
   * The token's live session as a statement's CTEs (LIVE_SESSION_CTES), recording this use: for the
   * one statement that resolves a request's session to its user (auth/, decision 301).
   */
  liveSession(token: string): LiveSession {
    return this.liveSessionById(sessionIdOf(token));
  }

  /** The same by the session's id (resolveById's callers). */
  liveSessionById(sid: string): LiveSession {
    const now = this.clock().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    return {
      ctes: LIVE_SESSION_CTES,
      params: [sid, iso(now), iso(now - this.idleMs), iso(now), iso(now - LAST_SEEN_GRANULARITY_MS)],
    };
  }

  /**
   * Ends the token's session in `tx`; answers whose it was, or null when it had ended already. Every
   * gateway forgets it once `tx` commits, also when it had ended (a sign-out repeated after an outage).
   */
  end(token: string, tx: Tx): Promise<SessionData | null> {
    const sid = sessionIdOf(token);
    this.revocations.revokeAfterCommit(tx, { sessionIds: [sid] });
    return this.sessions.deleteReturning(sid);
  }

  /** Ends the users' sessions (but `exceptSid`) in `tx`; every gateway forgets theirs once it commits. */
  endAllFor(userIds: string[], tx: Tx, exceptSid?: string): Promise<number> {
    this.revocations.revokeAfterCommit(tx, { userIds });
    return this.sessions.deleteForUsers(userIds, exceptSid, tx);
  }

  /** What gateways keep of these users' sessions is forgotten once `tx` commits (their actor changed). */
  forgetAfterCommit(tx: Tx, userIds: string[]): void {
    this.revocations.revokeAfterCommit(tx, { userIds });
  }
}
