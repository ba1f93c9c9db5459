import type { MemberActor } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** member_sessions: a member's bearer tokens by their SHA-256 only, with idle and absolute ends. */
@Injectable()
export class MemberSessionsRepository {
  constructor(private readonly em: EntityManager) {}

  /** A new session for the member; when it ends at the latest, and the member's name and language. */
  async start(
    tx: EntityManager,
    row: { id: string; memberId: string; tokenHash: string; hours: number },
  ): Promise<{ expires_at: string; first_name: string; language: 'en' | 'es' } | null> {
    const rows: { expires_at: Date; first_name: string; language: 'en' | 'es' }[] = await tx
      .getConnection()
      .execute(
        `with started as (
           insert into member_sessions (id, member_id, token_hash, expires_at)
           select ?, m.id, ?, now() + make_interval(hours => ?) from members m
            where m.id = ? and m.erased_at is null
           returning member_id, expires_at)
         select s.expires_at, m.first_name, m.language from started s join members m on m.id = s.member_id`,
        [row.id, row.tokenHash, row.hours, row.memberId],
        'all',
        tx.getTransactionContext(),
      );
    const found = rows[0];
    return found ? { ...found, expires_at: new Date(found.expires_at).toISOString() } : null;
  }

  /**
   * The member behind a token, its use recorded (the idle clock starts again), or null: unknown, ended,
   * past its absolute end, idle too long, or its member erased.
   */
  async resolve(tokenHash: string, idleMinutes: number): Promise<MemberActor | null> {
    const rows: { session_id: string; member_id: string; first_name: string; language: 'en' | 'es' }[] =
      await this.em.getConnection().execute(
        `update member_sessions s set last_used_at = now()
          from members m
          where s.token_hash = ? and s.ended_at is null and s.expires_at > now()
            and s.last_used_at > now() - make_interval(mins => ?)
            and m.id = s.member_id and m.erased_at is null
          returning s.id as session_id, m.id as member_id, m.first_name, m.language`,
        [tokenHash, idleMinutes],
      );
    const row = rows[0];
    return row
      ? {
          sessionId: row.session_id,
          memberId: row.member_id,
          firstName: row.first_name,
          language: row.language,
        }
      : null;
  }

  /**
   * Ends every open session of the member but `keep` (the caller's own, when a member replaces their
   * pass from their new phone; null: all), in the caller's transaction; how many ended.
   */
  async endAllOf(tx: EntityManager, memberId: string, keep: string | null): Promise<number> {
    const rows: unknown[] = await tx.getConnection().execute(
      `update member_sessions set ended_at = now()
          where member_id = ? and ended_at is null and id is distinct from ?::uuid
         returning 1`,
      [memberId, keep],
      'all',
      tx.getTransactionContext(),
    );
    return rows.length;
  }

  async end(tokenHash: string): Promise<void> {
    await this.em
      .getConnection()
      .execute('update member_sessions set ended_at = now() where token_hash = ? and ended_at is null', [
        tokenHash,
      ]);
  }

  async profile(memberId: string): Promise<{ first_name: string; language: 'en' | 'es' } | null> {
    const rows: { first_name: string; language: 'en' | 'es' }[] = await this.em
      .getConnection()
      .execute('select first_name, language from members where id = ? and erased_at is null', [memberId]);
    return rows[0] ?? null;
  }
}
