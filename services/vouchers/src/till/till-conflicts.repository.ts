import type { TillConflictStatus } from '@avpass/contracts';
import { afterCursorSql, allOf, type SqlClause, type Tx } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A till_conflicts row (vouchers migration 0032), with what its line shows of the code. */
export interface TillConflictRow {
  id: string;
  qr_code_id: string;
  partner_id: string | null;
  partner_name: string | null;
  staff_user_id: string | null;
  staff_name: string;
  scanned_at: Date;
  transaction_amount: number | null;
  refusal: string;
  reason: string;
  reason_code: string | null;
  reason_params: Record<string, string> | null;
  member_id: string | null;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
  /** The key of the list's order, as PostgreSQL prints it (keyset.ts). */
  cursor_at: string;
  /** The code now (null: deleted): its title's parts and the till's view of its holder's name. */
  custom_title: string | null;
  clinic_name: string | null;
  service: string | null;
  holder_name: string | null;
}

/** What a refused offline redemption records. */
export interface NewTillConflict {
  id: string;
  qrCodeId: string;
  partnerId: string | null;
  partnerName: string | null;
  staffUserId: string | null;
  staffName: string;
  scannedAt: string;
  transactionAmount: number | null;
  refusal: string;
  reason: string;
  reasonCode: string | null;
  reasonParams: Record<string, string> | null;
  memberId: string | null;
  createdAt: string;
}

const COLUMNS = `c.*, c.created_at::text as cursor_at, q.custom_title, q.clinic_name, q.service, q.holder_name`;

/** "Needs attention" (issue 43): offline redemptions refused at sync, recorded, listed, handled. */
@Injectable()
export class TillConflictsRepository {
  constructor(private readonly em: EntityManager) {}

  async record(tx: Tx, c: NewTillConflict): Promise<void> {
    await tx.execute(
      `insert into till_conflicts (id, qr_code_id, partner_id, partner_name, staff_user_id, staff_name, scanned_at,
                                   transaction_amount, refusal, reason, reason_code, reason_params, member_id, created_at)
       values (?::uuid, ?::uuid, ?::uuid, ?, ?::uuid, ?, ?::timestamptz, ?::int, ?, ?, ?, ?::jsonb, ?::uuid, ?::timestamptz)`,
      [
        c.id,
        c.qrCodeId,
        c.partnerId,
        c.partnerName,
        c.staffUserId,
        c.staffName,
        c.scannedAt,
        c.transactionAmount,
        c.refusal,
        c.reason,
        c.reasonCode,
        c.reasonParams ? JSON.stringify(c.reasonParams) : null,
        c.memberId,
        c.createdAt,
      ],
    );
  }

  /**
   * One page, newest first, after `cursor`: one partner's (partnerId; till_conflicts_partner_order_index)
   * or every till's (null; till_conflicts_order_index), of the status asked. `limit` + 0: the caller
   * asks for what it shows.
   */
  async page(
    partnerId: string | null,
    status: TillConflictStatus,
    cursor: string | undefined,
    limit: number,
  ): Promise<TillConflictRow[]> {
    const where = allOf(
      partnerId ? { sql: 'c.partner_id = ?::uuid', params: [partnerId] } : null,
      statusSql(status),
      afterCursorSql(cursor, 'c.created_at', 'c.id'),
    );
    return this.em.fork().execute(
      `select ${COLUMNS} from till_conflicts c left join qr_codes q on q.id = c.qr_code_id
        where ${where.sql} order by c.created_at desc, c.id desc limit ?`,
      [...where.params, limit],
    );
  }

  /** One conflict (in `tx`: as that transaction sees it), or null. */
  async find(id: string, tx: Tx = this.em.fork()): Promise<TillConflictRow | null> {
    const rows: TillConflictRow[] = await tx.execute(
      `select ${COLUMNS} from till_conflicts c left join qr_codes q on q.id = c.qr_code_id where c.id = ?::uuid`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Marks it handled unless it already is (the first handling stays); true when this call did. */
  async handle(tx: Tx, id: string, at: string, by: string, byUserId: string | null): Promise<boolean> {
    const rows: unknown[] = await tx.execute(
      `update till_conflicts set handled_at = ?::timestamptz, handled_by = ?, handled_by_user_id = ?::uuid
        where id = ?::uuid and handled_at is null returning id`,
      [at, by, byUserId, id],
    );
    return rows.length > 0;
  }
}

function statusSql(status: TillConflictStatus): SqlClause | null {
  if (status === 'open') return { sql: 'c.handled_at is null', params: [] };
  if (status === 'handled') return { sql: 'c.handled_at is not null', params: [] };
  return null;
}
