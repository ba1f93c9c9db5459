import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Session, type SessionData } from './session.entity';

/**
 * The live session `sid` as two CTEs of a statement that a folder above joins to its user (auth/):
 * `live` (sid, user_id, expire), when by `now` it has not passed its end and was last seen after `seenAfter`;
 * and `seen`, which records this use on it when the recorded one is at or before `seenBy` (a use is
 * written at most once per LAST_SEEN_GRANULARITY_MS, decision 158). Parameters, in order: sid, now,
 * seenAfter, now, seenBy (ISO strings).
 */
export const LIVE_SESSION_CTES = `live as (
    select sid, user_id, expire from sessions where sid = ? and expire > ?::timestamptz and last_seen_at > ?::timestamptz
  ), seen as (
    update sessions set last_seen_at = ?::timestamptz
     where sid = (select sid from live) and last_seen_at <= ?::timestamptz
  )`;

/** The sessions table: one row per signed-in bearer token, keyed by the token's SHA-256 (sid). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(session: {
    sid: string;
    sess: SessionData;
    expire: Date;
    createdAt: Date;
    lastSeenAt: Date;
    userId: string;
  }): Promise<void> {
    await this.em.persistAndFlush(this.em.create(Session, session));
  }

  async delete(sid: string): Promise<void> {
    await this.em.nativeDelete(Session, { sid });
  }

  /** Ends one session; answers whose it was, or null when there was none (already ended). */
  async deleteReturning(sid: string): Promise<SessionData | null> {
    const session = await this.em.findOne(Session, { sid });
    if (!session) return null;
    return (await this.em.nativeDelete(Session, { sid })) > 0 ? session.sess : null;
  }

  /**
   * Ends every session of these users (but `exceptSid`), in the caller's transaction when given one;
   * answers how many ended.
   */
  deleteForUsers(userIds: string[], exceptSid?: string, tx: EntityManager = this.em): Promise<number> {
    if (!userIds.length) return Promise.resolve(0);
    return tx.nativeDelete(Session, {
      userId: { $in: userIds },
      ...(exceptSid ? { sid: { $ne: exceptSid } } : {}),
    });
  }
}
