import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Session, type SessionData } from './session.entity';

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

  /** The session, unless by `now` it has passed its end or was last seen at or before `seenAfter`. */
  findLive(sid: string, now: Date, seenAfter: Date): Promise<Session | null> {
    return this.em.findOne(Session, { sid, expire: { $gt: now }, lastSeenAt: { $gt: seenAfter } });
  }

  /** Records a use; a no-op when a newer one was recorded meanwhile (another instance, another request). */
  async markSeen(sid: string, at: Date): Promise<void> {
    await this.em.nativeUpdate(Session, { sid, lastSeenAt: { $lt: at } }, { lastSeenAt: at });
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
