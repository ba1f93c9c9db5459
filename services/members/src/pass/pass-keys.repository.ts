import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A member_pass_keys row: a key's public half and its schedule. */
export interface PassKeyRow {
  keyId: number;
  publicKey: string;
  notBefore: Date;
  signUntil: Date;
  verifyUntil: Date;
}

interface DbRow {
  key_id: number;
  public_key: string;
  not_before: Date | string;
  sign_until: Date | string;
  verify_until: Date | string;
}

const toRow = (r: DbRow): PassKeyRow => ({
  keyId: Number(r.key_id),
  publicKey: r.public_key,
  notBefore: new Date(r.not_before),
  signUntil: new Date(r.sign_until),
  verifyUntil: new Date(r.verify_until),
});

/** The member pass's key schedule (member_pass_keys): a row per key, never a private key. */
@Injectable()
export class PassKeysRepository {
  constructor(private readonly em: EntityManager) {}

  /** The keys that still verify at `now`, and the newest key whatever its dates, by key id. */
  async current(now: Date): Promise<PassKeyRow[]> {
    const rows: DbRow[] = await this.em.fork().execute(
      `select key_id, public_key, not_before, sign_until, verify_until from member_pass_keys
        where verify_until > ? or key_id = (select max(key_id) from member_pass_keys)
        order by key_id`,
      [now],
    );
    return rows.map(toRow);
  }

  /**
   * Adds a key unless its id is taken: two instances rotating at once compute the same next id, one
   * row is written and both read it back (the caller reads again).
   */
  async insert(key: PassKeyRow): Promise<void> {
    await this.em.fork().execute(
      `insert into member_pass_keys (key_id, public_key, not_before, sign_until, verify_until)
         values (?, ?, ?, ?, ?) on conflict (key_id) do nothing`,
      [key.keyId, key.publicKey, key.notBefore, key.signUntil, key.verifyUntil],
    );
  }
}
