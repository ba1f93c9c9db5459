import type { DeliveryStatus, MemberDelivery, SendChannel } from '@avpass/contracts';
import { afterCursorSql, executeBound, nextCursor, pgArray, type Tx } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A delivery to write: its outgoing row was recorded in the same transaction. */
export interface NewDelivery {
  id: string;
  sendId: string;
  memberId: string;
  sourceId: string;
  channel: SendChannel;
  qrCodeId: string;
  publicId: string;
  address: string;
  outgoingId: string;
}

interface DeliveryRow {
  id: string;
  member_id: string;
  send_id: string;
  channel: SendChannel;
  qr_code_id: string;
  public_id: string;
  address: string | null;
  outgoing_id: string;
  status: 'queued' | 'sent' | 'delivered' | 'failed';
  attempts: number;
  last_error: string | null;
  provider_id: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  cursor_at: string;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * `bounced`: the provider took the message and later said it could not deliver it (Twilio's
 * undelivered or failed callback); `failed`: it was never taken (refused, attempts ran out).
 */
function statusOf(row: DeliveryRow): DeliveryStatus {
  if (row.status === 'failed' && row.provider_id && row.last_error?.startsWith('Twilio: ')) return 'bounced';
  return row.status;
}

const toDelivery = (row: DeliveryRow): MemberDelivery => ({
  id: row.id,
  memberId: row.member_id,
  sendId: row.send_id,
  channel: row.channel,
  qrCodeId: row.qr_code_id,
  publicId: row.public_id,
  address: row.address,
  status: statusOf(row),
  attempts: row.attempts,
  reason: row.status === 'failed' ? row.last_error : null,
  sentAt: iso(row.sent_at),
  deliveredAt: iso(row.delivered_at),
  createdAt: new Date(row.created_at).toISOString(),
});

/** A delivery with its outgoing row's state (mail or SMS by channel). */
const SELECT = `select d.id, d.member_id, d.send_id, d.channel, d.qr_code_id, d.public_id, d.address,
       d.outgoing_id, d.created_at, d.created_at::text as cursor_at,
       coalesce(m.status, s.status) as status, coalesce(m.attempts, s.attempts) as attempts,
       coalesce(m.last_error, s.last_error) as last_error, s.provider_id,
       coalesce(m.sent_at, s.sent_at) as sent_at, s.delivered_at
  from member_deliveries d
  left join outgoing_mail m on d.channel = 'email' and m.id = d.outgoing_id
  left join outgoing_sms s on d.channel = 'sms' and s.id = d.outgoing_id`;

/** member_deliveries: one message per member, voucher (or batch) and channel. */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Writes deliveries in `tx` (one statement); a (member, source, channel) already there is kept. */
  async insertDeliveries(tx: Tx, rows: NewDelivery[]): Promise<number> {
    if (!rows.length) return 0;
    // The page's JSON as a parameter, not formatted into the text (executeBound, decision 346).
    const inserted = await executeBound<{ id: string }>(
      tx,
      `insert into member_deliveries (id, send_id, member_id, source_id, channel, qr_code_id, public_id,
                                      address, outgoing_id)
       select id, send_id, member_id, source_id, channel, qr_code_id, public_id, address, outgoing_id
         from jsonb_to_recordset(?::jsonb) as r(id uuid, send_id uuid, member_id uuid, source_id uuid,
              channel text, qr_code_id uuid, public_id text, address text, outgoing_id uuid)
       on conflict (member_id, source_id, channel) do nothing
       returning id`,
      [
        JSON.stringify(
          rows.map((r) => ({
            id: r.id,
            send_id: r.sendId,
            member_id: r.memberId,
            source_id: r.sourceId,
            channel: r.channel,
            qr_code_id: r.qrCodeId,
            public_id: r.publicId,
            address: r.address,
            outgoing_id: r.outgoingId,
          })),
        ),
      ],
    );
    return inserted.length;
  }

  /** The (member, channel) pairs of `memberIds` that already have a message for this source. */
  async existing(tx: Tx, sourceId: string, memberIds: string[]): Promise<Set<string>> {
    if (!memberIds.length) return new Set();
    const rows = await executeBound<{ member_id: string; channel: string }>(
      tx,
      'select member_id, channel from member_deliveries where source_id = ? and member_id = any(?::uuid[])',
      [sourceId, pgArray(memberIds)],
    );
    return new Set(rows.map((r) => `${r.member_id}:${r.channel}`));
  }

  /** A member's deliveries, newest first, by keyset cursor (member_deliveries_member_order). */
  async page(
    memberId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: MemberDelivery[]; nextCursor: string | null }> {
    const after = afterCursorSql(cursor, 'd.created_at', 'd.id');
    const rows: DeliveryRow[] = await this.em.getConnection().execute(
      `${SELECT}
        where d.member_id = ?${after ? ` and ${after.sql}` : ''}
        order by d.created_at desc, d.id desc limit ?`,
      [memberId, ...(after?.params ?? []), limit],
      'all',
    );
    return { items: rows.map(toDelivery), nextCursor: nextCursor(rows, limit) };
  }

  async findDelivery(memberId: string, id: string, tx?: Tx): Promise<MemberDelivery | null> {
    const rows: DeliveryRow[] = await (tx ?? this.em)
      .getConnection()
      .execute(
        `${SELECT} where d.member_id = ? and d.id = ?`,
        [memberId, id],
        'all',
        tx?.getTransactionContext(),
      );
    return rows[0] ? toDelivery(rows[0]) : null;
  }

  /** The member a delivery went to. */
  async ownerOf(id: string): Promise<string | null> {
    const rows: { member_id: string }[] = await this.em
      .getConnection()
      .execute('select member_id from member_deliveries where id = ?', [id], 'all');
    return rows[0]?.member_id ?? null;
  }

  /** The outgoing row a delivery names. */
  async outgoingOf(tx: Tx, id: string): Promise<string | null> {
    const rows: { outgoing_id: string }[] = await tx
      .getConnection()
      .execute(
        'select outgoing_id from member_deliveries where id = ?',
        [id],
        'all',
        tx.getTransactionContext(),
      );
    return rows[0]?.outgoing_id ?? null;
  }

  /** The outgoing rows of a member's deliveries on `channel` still queued (a withdrawn consent stops them). */
  async queuedOutgoing(tx: Tx, memberId: string, channel: SendChannel): Promise<string[]> {
    const table = channel === 'email' ? 'outgoing_mail' : 'outgoing_sms';
    const rows: { id: string }[] = await tx.getConnection().execute(
      `select o.id from member_deliveries d join ${table} o on o.id = d.outgoing_id
        where d.member_id = ? and d.channel = ? and o.status = 'queued'`,
      [memberId, channel],
      'all',
      tx.getTransactionContext(),
    );
    return rows.map((r) => r.id);
  }

  /** Erasure: the member's addresses dropped from their deliveries; their outgoing rows by channel. */
  async scrubMember(tx: Tx, memberId: string): Promise<{ email: string[]; sms: string[] }> {
    const rows: { channel: SendChannel; outgoing_id: string }[] = await tx
      .getConnection()
      .execute(
        `update member_deliveries set address = null where member_id = ? returning channel, outgoing_id`,
        [memberId],
        'all',
        tx.getTransactionContext(),
      );
    return {
      email: rows.filter((r) => r.channel === 'email').map((r) => r.outgoing_id),
      sms: rows.filter((r) => r.channel === 'sms').map((r) => r.outgoing_id),
    };
  }
}
