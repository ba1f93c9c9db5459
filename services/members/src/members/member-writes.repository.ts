import type { ConsentChannel, ConsentSource, MemberLanguage } from '@avpass/contracts';
import { conflictOnUniqueViolation, type Conflict } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ConsentChange } from './member-fields';
import type { MemberRow } from './member.mapper';

/** A member's stored fields (the consents apart: they change with their history). */
export interface MemberFields {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  language: MemberLanguage;
  /** 'YYYY-MM-DD' or null. */
  birthDate: string | null;
  tags: string[];
}

/** A new member with its consents, for an insert of many (an import). */
export interface NewMember extends MemberFields {
  id: string;
  consents: ConsentChange[];
}

const run = <T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> =>
  tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());

/** Each consent column set from `r.<channel>_given` / `_source` when that channel changed. */
const CONSENT_SET = ['email', 'sms']
  .map(
    (c) => `${c}_consent = coalesce(r.${c}_given, m.${c}_consent),
      ${c}_consent_at = case when r.${c}_given is null then m.${c}_consent_at else now() end,
      ${c}_consent_source = coalesce(r.${c}_source, m.${c}_consent_source)`,
  )
  .join(',\n      ');

const RECORD_COLUMNS = `id uuid, first_name text, last_name text, email text, phone text, language text,
  birth_date date, tags text[], email_given boolean, email_source text, sms_given boolean, sms_source text`;

function recordOf(id: string, fields: MemberFields, consents: ConsentChange[]) {
  const consent = (channel: 'email' | 'sms') => consents.find((c) => c.channel === channel);
  return {
    id,
    first_name: fields.firstName,
    last_name: fields.lastName,
    email: fields.email,
    phone: fields.phone,
    language: fields.language,
    birth_date: fields.birthDate,
    tags: fields.tags,
    email_given: consent('email')?.given ?? null,
    email_source: consent('email')?.source ?? null,
    sms_given: consent('sms')?.given ?? null,
    sms_source: consent('sms')?.source ?? null,
  };
}

/**
 * Every write of members and member_consents, in the service's transaction. A write the unique
 * e-mail or phone index refuses answers 'conflict' (the transaction is then aborted: the service throws).
 */
@Injectable()
export class MemberWritesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Inserts members (one statement per 1,000) and their consents' history. */
  async insertMany(tx: EntityManager, members: NewMember[]): Promise<MemberRow[] | Conflict> {
    const inserted: MemberRow[] = [];
    for (let i = 0; i < members.length; i += 1000) {
      const chunk = members.slice(i, i + 1000);
      const records = chunk.map((m) => recordOf(m.id, m, m.consents));
      const rows = await conflictOnUniqueViolation(() =>
        run<MemberRow>(
          tx,
          `insert into members as m (id, first_name, last_name, email, phone, language, birth_date, tags,
              email_consent, email_consent_at, email_consent_source,
              sms_consent, sms_consent_at, sms_consent_source)
           select r.id, r.first_name, r.last_name, r.email, r.phone, r.language, r.birth_date, r.tags,
                  coalesce(r.email_given, false), case when r.email_given is null then null else now() end,
                  r.email_source,
                  coalesce(r.sms_given, false), case when r.sms_given is null then null else now() end,
                  r.sms_source
             from jsonb_to_recordset(?::jsonb) as r(${RECORD_COLUMNS})
           returning m.*`,
          [JSON.stringify(records)],
        ),
      );
      if (rows === 'conflict') return rows;
      inserted.push(...rows);
    }
    await this.recordConsents(
      tx,
      members.flatMap((m) => m.consents.map((c) => ({ memberId: m.id, ...c }))),
    );
    return inserted;
  }

  /** Updates members (one statement per 1,000): the fields given, the consents that changed. */
  async updateMany(
    tx: EntityManager,
    changes: { id: string; fields: MemberFields; consents: ConsentChange[] }[],
  ): Promise<MemberRow[] | Conflict> {
    const updated: MemberRow[] = [];
    for (let i = 0; i < changes.length; i += 1000) {
      const records = changes.slice(i, i + 1000).map((c) => recordOf(c.id, c.fields, c.consents));
      const rows = await conflictOnUniqueViolation(() =>
        run<MemberRow>(
          tx,
          `update members m set
              first_name = r.first_name, last_name = r.last_name, email = r.email, phone = r.phone,
              language = r.language, birth_date = r.birth_date, tags = r.tags,
              ${CONSENT_SET},
              updated_at = now()
             from jsonb_to_recordset(?::jsonb) as r(${RECORD_COLUMNS})
            where m.id = r.id and m.erased_at is null
           returning m.*`,
          [JSON.stringify(records)],
        ),
      );
      if (rows === 'conflict') return rows;
      updated.push(...rows);
    }
    await this.recordConsents(
      tx,
      changes.flatMap((c) => c.consents.map((consent) => ({ memberId: c.id, ...consent }))),
    );
    return updated;
  }

  /** Appends consents to their history (one statement). */
  async recordConsents(
    tx: EntityManager,
    consents: { memberId: string; channel: string; given: boolean; source: ConsentSource }[],
  ): Promise<void> {
    if (!consents.length) return;
    await run(
      tx,
      `insert into member_consents (member_id, channel, given, source)
       select r.member_id, r.channel, r.given, r.source
         from jsonb_to_recordset(?::jsonb) as r(member_id uuid, channel text, given boolean, source text)`,
      [
        JSON.stringify(
          consents.map((c) => ({
            member_id: c.memberId,
            channel: c.channel,
            given: c.given,
            source: c.source,
          })),
        ),
      ],
    );
  }

  /**
   * One consent withdrawn (the member's unsubscribe link, an SMS STOP) with its history; false when it
   * was not given (nothing changes: a second click records nothing).
   */
  async withdrawConsent(
    tx: EntityManager,
    id: string,
    channel: ConsentChannel,
    source: ConsentSource,
  ): Promise<boolean> {
    const column = channel === 'email' ? 'email' : 'sms';
    const rows = await run<{ id: string }>(
      tx,
      `update members set ${column}_consent = false, ${column}_consent_at = now(), ${column}_consent_source = ?,
              updated_at = now()
        where id = ? and erased_at is null and ${column}_consent
       returning id`,
      [source, id],
    );
    if (!rows.length) return false;
    await this.recordConsents(tx, [{ memberId: id, channel, given: false, source }]);
    return true;
  }

  /**
   * Erasure: every personal field scrubbed, the consents' history dropped, `erased_at` set; the row
   * and its id stay, so whatever refers to it (redemptions elsewhere) keeps its counts. False: no
   * such member (or erased already).
   */
  async erase(tx: EntityManager, id: string): Promise<Date | null> {
    await run(tx, 'delete from member_consents where member_id = ?', [id]);
    const rows = await run<{ erased_at: Date }>(
      tx,
      `update members set first_name = '', last_name = '', email = null, phone = null, tags = '{}',
              birth_date = null,
              email_consent = false, email_consent_at = null, email_consent_source = null,
              sms_consent = false, sms_consent_at = null, sms_consent_source = null,
              pass_version = pass_version + 1, pass_revoked_at = now(),
              pass_revoked_xid = pg_current_xact_id(),
              erased_at = now(), updated_at = now()
        where id = ? and erased_at is null
       returning erased_at`,
      [id],
    );
    return rows[0]?.erased_at ?? null;
  }

  /**
   * The member's pass moves on by one (issue 43: every earlier code refused), recorded with when and by
   * which transaction (the till's revocations list's order). Null: no such member, or erased. The row's
   * lock orders concurrent revokes: each adds one.
   */
  async revokePass(tx: EntityManager, id: string, at: Date): Promise<number | null> {
    const rows = await run<{ pass_version: number }>(
      tx,
      `update members set pass_version = pass_version + 1, pass_revoked_at = ?,
              pass_revoked_xid = pg_current_xact_id(), updated_at = now()
        where id = ? and erased_at is null
       returning pass_version`,
      [at, id],
    );
    return rows[0]?.pass_version ?? null;
  }

  /** A merge's end: `fromId`'s consent history moves to `intoId`, and `fromId` is deleted. */
  async absorb(tx: EntityManager, intoId: string, fromId: string): Promise<void> {
    await run(tx, 'update member_consents set member_id = ? where member_id = ?', [intoId, fromId]);
    await run(tx, 'delete from members where id = ?', [fromId]);
  }

  /** Imports run one at a time (a transaction lock), so two imports of one file never both create. */
  async lockImports(tx: EntityManager): Promise<void> {
    await run(tx, "select pg_advisory_xact_lock(hashtext('members.import'))", []);
  }

  /** Runs ANALYZE after a large import, so the planner knows the new rows (after the commit). */
  async analyze(): Promise<void> {
    await this.em.getConnection().execute('analyze members');
  }
}
