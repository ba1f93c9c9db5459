import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Session, type SessionData } from './session.entity';

/** The sessions table: one row per signed-in bearer token, keyed by the token's SHA-256 (sid). */
@Injectable()
export class SessionsRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(session: { sid: string; sess: SessionData; expire: Date; userId: string }): Promise<void> {
    await this.em.persistAndFlush(this.em.create(Session, session));
  }

  /** The session, unless it has expired by `now`. */
  findLive(sid: string, now: Date): Promise<Session | null> {
    return this.em.findOne(Session, { sid, expire: { $gt: now } });
  }

  async extend(sid: string, expire: Date): Promise<void> {
    await this.em.nativeUpdate(Session, { sid }, { expire });
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
