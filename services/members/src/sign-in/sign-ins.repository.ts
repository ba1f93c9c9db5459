import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The one member a sign-in message may go to: not erased, with that e-mail or phone. */
export interface SignInMember {
  id: string;
  first_name: string;
  language: 'en' | 'es';
  email: string | null;
  phone: string | null;
}

/** A code still open (not used, not burnt), as verify reads it under its row lock. */
export interface OpenCode {
  id: string;
  secret_hash: string;
  attempts: number;
  expired: boolean;
}

/**
 * member_sign_ins: the magic links' and SMS codes' secrets, by their SHA-256 only (migration 0003). A
 * link is used by one conditional UPDATE (single use under concurrency); a code is read under its row
 * lock, so its attempts are counted one at a time.
 */
@Injectable()
export class SignInsRepository {
  constructor(private readonly em: EntityManager) {}

  async memberByEmail(email: string): Promise<SignInMember | null> {
    return this.one(
      'select id, first_name, language, email, phone from members where email = ? and erased_at is null',
      [email],
    );
  }

  async memberByPhone(phone: string): Promise<SignInMember | null> {
    return this.one(
      'select id, first_name, language, email, phone from members where phone = ? and erased_at is null',
      [phone],
    );
  }

  private async one(sql: string, params: unknown[]): Promise<SignInMember | null> {
    const rows: SignInMember[] = await this.em.getConnection().execute(sql, params);
    return rows[0] ?? null;
  }

  /**
   * Records a new secret; a new code closes the member's codes still open (only the newest one counts,
   * so asking again never adds guesses).
   */
  async insertSecret(
    tx: EntityManager,
    row: { id: string; memberId: string; kind: 'link' | 'code'; secretHash: string; minutes: number },
  ): Promise<void> {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    if (row.kind === 'code')
      await connection.execute(
        "update member_sign_ins set used_at = now() where member_id = ? and kind = 'code' and used_at is null",
        [row.memberId],
        'run',
        context,
      );
    await connection.execute(
      `insert into member_sign_ins (id, member_id, kind, secret_hash, expires_at)
       values (?, ?, ?, ?, now() + make_interval(mins => ?))`,
      [row.id, row.memberId, row.kind, row.secretHash, row.minutes],
      'run',
      context,
    );
  }

  /** Uses a link once: its member's id when it was open, unexpired and its member not erased. */
  async useLink(tx: EntityManager, secretHash: string): Promise<string | null> {
    const rows: { member_id: string }[] = await tx.getConnection().execute(
      `update member_sign_ins s set used_at = now()
        from members m
        where s.secret_hash = ? and s.kind = 'link' and s.used_at is null and s.expires_at > now()
          and m.id = s.member_id and m.erased_at is null
        returning s.member_id`,
      [secretHash],
      'all',
      tx.getTransactionContext(),
    );
    return rows[0]?.member_id ?? null;
  }

  /** The member's newest open code, locked for this transaction (null: none). */
  async lockOpenCode(tx: EntityManager, memberId: string): Promise<OpenCode | null> {
    const rows: OpenCode[] = await tx.getConnection().execute(
      `select id, secret_hash, attempts, expires_at <= now() as expired from member_sign_ins
        where member_id = ? and kind = 'code' and used_at is null
        order by created_at desc limit 1 for update`,
      [memberId],
      'all',
      tx.getTransactionContext(),
    );
    return rows[0] ?? null;
  }

  /** A wrong try: one more attempt, and the code closed (burnt) once it has had `most`. */
  async countWrongTry(tx: EntityManager, id: string, most: number): Promise<{ attempts: number }> {
    const rows: { attempts: number }[] = await tx.getConnection().execute(
      `update member_sign_ins set attempts = attempts + 1,
          used_at = case when attempts + 1 >= ? then now() else used_at end
        where id = ? returning attempts`,
      [most, id],
      'all',
      tx.getTransactionContext(),
    );
    return rows[0]!;
  }

  /** Closes a code: used (right code) or expired. */
  async closeCode(tx: EntityManager, id: string): Promise<void> {
    await tx
      .getConnection()
      .execute(
        'update member_sign_ins set used_at = now() where id = ?',
        [id],
        'run',
        tx.getTransactionContext(),
      );
  }
}
