import { RPC } from '@avpass/contracts';
import { TallyFolder } from '@avpass/vouchers-service';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { REBUILD_TALLIES_SQL } from '../../src/tallies/tallies-sql.repository';
import type { VoucherServices } from './services';

export interface CodeRow {
  id?: string;
  clinicName?: string;
  service?: string;
  usageLimit?: number;
  usageCount?: number;
  expirationDate?: string | null;
  isActive?: boolean;
  batchId?: string | null;
  createdAt?: Date;
}

/** Writes a code straight into the vouchers schema (behind the service's back), for read tests. */
export async function insertCode(sql: Client, row: CodeRow = {}): Promise<string> {
  const id = row.id ?? randomUUID();
  await sql.query(
    `insert into vouchers.qr_codes (id, clinic_name, discount_type, discount_value, service, expiration_date,
       usage_limit, usage_count, qr_url, is_active, batch_id, created_at)
     values ($1, $2, 'percentage', 25, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      row.clinicName ?? 'Peak Physio',
      row.service ?? 'Assessment',
      row.expirationDate === undefined ? '2099-12-31' : row.expirationDate,
      row.usageLimit ?? 1,
      row.usageCount ?? 0,
      `http://localhost:3000/voucher/${id}`,
      row.isActive ?? true,
      row.batchId ?? null,
      row.createdAt ?? new Date(),
    ],
  );
  await rebuildTallies(sql);
  return id;
}

export async function assign(sql: Client, codeId: string, partnerId: string): Promise<void> {
  await sql.query('insert into vouchers.qr_code_partners (id, qr_code_id, partner_id) values ($1, $2, $3)', [
    randomUUID(),
    codeId,
    partnerId,
  ]);
  await rebuildTallies(sql);
}

/**
 * Rows written behind the service's back leave the dashboards' tallies behind, as after an import by
 * SQL: what `npm run stats:rebuild` does, in the test's time zone.
 */
export async function rebuildTallies(sql: Client, timeZone = 'America/Los_Angeles'): Promise<void> {
  await sql.query('begin');
  try {
    await sql.query('set local search_path = vouchers');
    for (const statement of REBUILD_TALLIES_SQL) {
      await sql.query(statement, statement.includes('$1') ? [timeZone] : []);
    }
    await sql.query('commit');
  } catch (error) {
    await sql.query('rollback');
    throw error;
  }
}

/**
 * A 10 % "Tune-up" voucher for `partnerId`, valid until 2099, through the real generate call; `fields`
 * override or add to those (usageLimit, perMemberLimit, …).
 */
export function generateVoucher(s: VoucherServices, partnerId: string, fields: Record<string, unknown>) {
  return s.call(RPC.vouchers.generate, {
    partnerId,
    discountType: 'percentage',
    discountValue: '10',
    service: 'Tune-up',
    expirationDate: '2099-12-31',
    ...fields,
  } as never);
}

/**
 * Every queued tally folded, on every instance. A fold skips the rows another fold holds (an instance's
 * own timer, or another instance's), so one foldAll can return before those land: fold until the queue
 * reads empty. A fold's delete is seen only when it commits, with its tallies, so empty means landed.
 */
export async function foldTallies(s: VoucherServices): Promise<void> {
  for (let round = 1; ; round++) {
    await Promise.all(s.vouchers.map((app) => app.get(TallyFolder, { strict: false }).foldAll()));
    const { rows } = await s.sql.query<{ queued: boolean }>(
      'select exists (select 1 from vouchers.pending_tallies) as queued',
    );
    if (!rows[0]!.queued) return;
    if (round === 200) throw new Error('the tallies are still queued after 200 folds');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
