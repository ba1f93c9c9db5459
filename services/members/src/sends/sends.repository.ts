import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { pgArray, type Tx } from '@avpass/platform';
import type { MemberLanguage } from '@avpass/contracts';

/** Who a send is to: members by id, or every member with a tag. */
export type SendSelection = { memberIds: string[]; tag?: undefined } | { tag: string; memberIds?: undefined };

export interface SendRow {
  id: string;
  source_kind: 'voucher' | 'batch';
  source_id: string;
  member_ids: string[] | null;
  tag: string | null;
  channels: ('email' | 'sms')[];
  status: 'expanding' | 'done' | 'failed';
  after_member_id: string | null;
  wallet: { apple: boolean; google: boolean } | null;
  created_by: string | null;
  /** The sender's name as staff see it: the name the codes' audit entries give their actor. */
  created_by_name: string | null;
}

/** A send's figures, for its progress: its own, and its messages by state (member_send_tallies). */
export interface SendFigures {
  id: string;
  status: SendRow['status'];
  members: number;
  queued: number;
  skipped_email: number;
  skipped_sms: number;
  refused: number;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
  messages: { queued: number; sent: number; delivered: number; failed: number };
}

/** A member as a send reads them: the name, the addresses, the language and the consents. */
export interface RecipientRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  language: MemberLanguage;
  email_consent: boolean;
  sms_consent: boolean;
}

/** How many of a selection each channel reaches (consent given and an address). */
export interface SelectionCounts {
  members: number;
  email: number;
  sms: number;
}

const run = <T>(em: EntityManager, sql: string, params: unknown[], tx?: Tx): Promise<T[]> =>
  (tx ?? em).getConnection().execute(sql, params, 'all', tx?.getTransactionContext());

/** The selection as SQL over `members` (not erased; by id or by tag). */
function selectionSql(selection: { member_ids: string[] | null; tag: string | null }): {
  sql: string;
  params: unknown[];
} {
  return selection.member_ids
    ? {
        sql: 'id = any(?::uuid[])',
        // As read back from the row, a uuid[] may still be its text form.
        params: [
          typeof selection.member_ids === 'string' ? selection.member_ids : pgArray(selection.member_ids),
        ],
      }
    : { sql: 'tags @> array[?]::text[]', params: [selection.tag] };
}

/** member_sends, and the members a send reaches (read only). */
@Injectable()
export class SendsRepository {
  constructor(private readonly em: EntityManager) {}

  /** How many members the selection holds, and how many each channel reaches now (one aggregate). */
  async countSelection(selection: SendSelection, tx?: Tx): Promise<SelectionCounts> {
    const where = selectionSql({ member_ids: selection.memberIds ?? null, tag: selection.tag ?? null });
    const rows = await run<{ members: string; email: string; sms: string }>(
      this.em,
      `select count(*) as members,
              count(*) filter (where email_consent and email is not null) as email,
              count(*) filter (where sms_consent and phone is not null) as sms
         from members where erased_at is null and ${where.sql}`,
      where.params,
      tx,
    );
    const row = rows[0];
    return { members: Number(row?.members ?? 0), email: Number(row?.email ?? 0), sms: Number(row?.sms ?? 0) };
  }

  async insertSend(
    tx: Tx,
    send: {
      id: string;
      sourceKind: 'voucher' | 'batch';
      sourceId: string;
      selection: SendSelection;
      channels: string[];
      counts: SelectionCounts;
      createdBy: string | null;
      createdByName: string | null;
    },
  ): Promise<void> {
    const { counts } = send;
    const queued =
      (send.channels.includes('email') ? counts.email : 0) + (send.channels.includes('sms') ? counts.sms : 0);
    await run(
      this.em,
      `insert into member_sends (id, source_kind, source_id, member_ids, tag, channels, members, queued,
                                 skipped_email, skipped_sms, created_by, created_by_name)
       values (?, ?, ?, ?::uuid[], ?, ?::text[], ?, ?, ?, ?, ?, ?)`,
      [
        send.id,
        send.sourceKind,
        send.sourceId,
        send.selection.memberIds ? pgArray(send.selection.memberIds) : null,
        send.selection.tag ?? null,
        pgArray(send.channels),
        counts.members,
        queued,
        send.channels.includes('email') ? counts.members - counts.email : 0,
        send.channels.includes('sms') ? counts.members - counts.sms : 0,
        send.createdBy,
        send.createdByName,
      ],
      tx,
    );
  }

  /**
   * A send's own figures, as recorded and as its expansion moved them, and its messages by state from
   * its tally (a few rows by primary key, whatever the send's size: a polled read never counts its
   * deliveries). Null: no such send.
   */
  async findSend(id: string): Promise<SendFigures | null> {
    type Row = Omit<SendFigures, 'messages'> &
      Record<'queued_messages' | 'sent' | 'delivered' | 'failed', string>;
    const rows = await run<Row>(
      this.em,
      `select s.id, s.status, s.members, s.queued, s.skipped_email, s.skipped_sms, s.refused, s.last_error,
              s.created_at, s.finished_at, t.queued as queued_messages, t.sent, t.delivered, t.failed
         from member_sends s
         cross join lateral (
           select coalesce(sum(queued), 0) as queued, coalesce(sum(sent), 0) as sent,
                  coalesce(sum(delivered), 0) as delivered, coalesce(sum(failed), 0) as failed
             from member_send_tallies where send_id = s.id) t
        where s.id = ?`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const { queued_messages, sent, delivered, failed, ...send } = row;
    return {
      ...send,
      messages: {
        queued: Number(queued_messages),
        sent: Number(sent),
        delivered: Number(delivered),
        failed: Number(failed),
      },
    };
  }

  /**
   * Takes the oldest unfinished send nobody holds (or whose holder's lease ran out) for `leaseMs`:
   * one instance expands a send at a time, and another takes it over if that one stops.
   */
  async claimSend(leaseMs: number): Promise<SendRow | null> {
    const rows = await run<SendRow>(
      this.em,
      `update member_sends set lease_until = now() + make_interval(secs => ? / 1000.0), updated_at = now()
        where id = (select id from member_sends
                     where status = 'expanding' and (lease_until is null or lease_until < now())
                     order by created_at limit 1 for update skip locked)
       returning id, source_kind, source_id, member_ids, tag, channels, status, after_member_id, wallet,
                 created_by, created_by_name`,
      [leaseMs],
    );
    return rows[0] ?? null;
  }

  /** The next members of a send after `afterId`, by id (the primary key's order: a keyset page). */
  async recipientPage(send: SendRow, afterId: string | null, limit: number): Promise<RecipientRow[]> {
    const where = selectionSql(send);
    return run<RecipientRow>(
      this.em,
      `select id, first_name, last_name, email, phone, language, email_consent, sms_consent
         from members
        where erased_at is null and ${where.sql} and id > ?
        order by id limit ?`,
      [...where.params, afterId ?? '00000000-0000-0000-0000-000000000000', limit],
    );
  }

  /** What the wallet offered when the send began (kept, so every page's messages say the same). */
  async keepWallet(id: string, wallet: { apple: boolean; google: boolean }): Promise<void> {
    await run(this.em, 'update member_sends set wallet = ?::jsonb where id = ?', [
      JSON.stringify(wallet),
      id,
    ]);
  }

  /** A page done, in its own transaction: where the next starts, the lease renewed, done at the end. */
  async advance(
    tx: Tx,
    id: string,
    step: { afterMemberId: string | null; refused: number; done: boolean; leaseMs: number },
  ): Promise<void> {
    await run(
      this.em,
      `update member_sends
          set after_member_id = coalesce(?::uuid, after_member_id), refused = refused + ?,
              status = case when ? then 'done' else status end,
              finished_at = case when ? then now() else finished_at end,
              lease_until = now() + make_interval(secs => ? / 1000.0), updated_at = now()
        where id = ?`,
      [step.afterMemberId, step.refused, step.done, step.done, step.leaseMs, id],
      tx,
    );
  }

  /** A send that cannot go on (its voucher is gone): failed with the reason, its messages so far kept. */
  async markFailed(id: string, reason: string): Promise<void> {
    await run(
      this.em,
      `update member_sends set status = 'failed', last_error = ?, finished_at = now(), lease_until = null,
              updated_at = now()
        where id = ? and status = 'expanding'`,
      [reason.slice(0, 2000), id],
    );
  }

  /** The member with this number (STOP comes from a phone), if one is not erased. */
  async smsConsentByPhone(phone: string): Promise<{ id: string; sms_consent: boolean } | null> {
    const rows = await run<{ id: string; sms_consent: boolean }>(
      this.em,
      'select id, sms_consent from members where phone = ? and erased_at is null',
      [phone],
    );
    return rows[0] ?? null;
  }

  /** One member as a send reads them (a re-send renders the message again as the member is now). */
  async recipient(id: string): Promise<RecipientRow | null> {
    const rows = await run<RecipientRow>(
      this.em,
      `select id, first_name, last_name, email, phone, language, email_consent, sms_consent
         from members where id = ? and erased_at is null`,
      [id],
    );
    return rows[0] ?? null;
  }
}
