import { RPC } from '@avpass/contracts';
import { CANCEL_FLAG_MISMATCHES_SQL } from '../src/tallies/tallies-sql.repository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoucherServices, SUPER_ADMIN, type VoucherServices } from './support/services';

// A redemption's status and cancel columns stay beside its reversal row (decision 266): the lists read
// the columns, the row is the record, one statement writes both. `npm run stats:rebuild` checks that
// they agree (CANCEL_FLAG_MISMATCHES_SQL); this changes them behind the service's back and expects the
// check to name the redemption, and to find nothing once they agree again.
let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices({ env: { REDEEM_RATE_LIMIT: '1000' } });
});
afterAll(async () => s?.close());

let ipSeq = 0;
async function redeemed(): Promise<{ codeId: string; redemptionId: string }> {
  const code = await s.call(RPC.vouchers.generate, {
    clinic: 'Peak Physio',
    discountType: 'percentage',
    discountValue: 25,
    service: 'Assessment',
    expirationDate: '2099-12-31',
    usageLimit: '5',
  });
  const { redemptionId } = await s.call(
    RPC.vouchers.redeem,
    { id: code.id },
    { actor: null, ip: `10.8.0.${++ipSeq}`, userAgent: 'Mozilla/5.0 (iPhone)' },
  );
  return { codeId: code.id, redemptionId };
}
const cancel = (id: string) =>
  s.call(RPC.vouchers.cancelRedemption, { id, reason: 'Member tapped by mistake' }, { actor: SUPER_ADMIN });

/** What the rebuild's check finds, as { id, problem }. */
async function mismatches(): Promise<{ id: string; problem: string }[]> {
  await s.sql.query('begin');
  try {
    await s.sql.query('set local search_path = vouchers');
    return (await s.sql.query(CANCEL_FLAG_MISMATCHES_SQL, [1000])).rows;
  } finally {
    await s.sql.query('commit');
  }
}
const problemOf = async (id: string) => (await mismatches()).find((m) => m.id === id)?.problem;
const sql = (text: string, id: string) => s.sql.query(text, [id]);

describe('the cancel columns agree with the reversal rows (decision 266)', () => {
  it('a cancel writes both, so the check finds nothing, for a completed and a cancelled redemption', async () => {
    const kept = await redeemed();
    const undone = await redeemed();
    await cancel(undone.redemptionId);
    const found = (await mismatches()).map((m) => m.id);
    expect(found).not.toContain(kept.redemptionId);
    expect(found).not.toContain(undone.redemptionId);
  });

  it('a cancelled redemption without its reversal row is named', async () => {
    const { redemptionId } = await redeemed();
    await cancel(redemptionId);
    const saved = (
      await s.sql.query('select * from vouchers.redemption_reversals where redemption_id = $1', [
        redemptionId,
      ])
    ).rows[0];
    await sql('delete from vouchers.redemption_reversals where redemption_id = $1', redemptionId);
    expect(await problemOf(redemptionId)).toBe('cancelled without a reversal row');
    await s.sql.query(
      `insert into vouchers.redemption_reversals
         (id, redemption_id, qr_code_id, reversed_at, reversed_by, reversed_by_user_id, reason)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        saved.id,
        saved.redemption_id,
        saved.qr_code_id,
        saved.reversed_at,
        saved.reversed_by,
        saved.reversed_by_user_id,
        saved.reason,
      ],
    );
    expect(await problemOf(redemptionId)).toBeUndefined();
  });

  it('a reversal whose redemption is not cancelled is named', async () => {
    const { redemptionId } = await redeemed();
    await cancel(redemptionId);
    await sql(`update vouchers.redemptions set status = 'completed' where id = $1`, redemptionId);
    expect(await problemOf(redemptionId)).toBe('reversed but completed');
    await sql(`update vouchers.redemptions set status = 'cancelled' where id = $1`, redemptionId);
    expect(await problemOf(redemptionId)).toBeUndefined();
  });

  it.each([
    [
      'when',
      `update vouchers.redemptions set cancelled_at = cancelled_at + interval '1 second' where id = $1`,
    ],
    ['who', `update vouchers.redemptions set cancelled_by = 'Someone else' where id = $1`],
    ['which user', `update vouchers.redemptions set cancelled_by_user_id = null where id = $1`],
    ['why', `update vouchers.redemptions set cancel_reason = 'Another reason' where id = $1`],
  ])('a cancel column that differs from the reversal row (%s) is named', async (_what, change) => {
    const { redemptionId } = await redeemed();
    await cancel(redemptionId);
    expect(await problemOf(redemptionId)).toBeUndefined();
    await sql(change, redemptionId);
    expect(await problemOf(redemptionId)).toBe('cancel columns differ from its reversal row');
  });

  it('a redemption cancelled before migration 0026 (no name, reason or time) agrees with its backfilled row', async () => {
    const { codeId, redemptionId } = await redeemed();
    await sql(
      `update vouchers.redemptions set status = 'cancelled', cancelled_at = null, cancelled_by = null,
              cancel_reason = null where id = $1`,
      redemptionId,
    );
    expect(await problemOf(redemptionId)).toBe('cancelled without a reversal row');
    // What migration 0026 inserted for such a row.
    await s.sql.query(
      `insert into vouchers.redemption_reversals (redemption_id, qr_code_id, reversed_at, reversed_by,
                                                  reversed_by_user_id, reason)
       select r.id, r.qr_code_id, coalesce(r.cancelled_at, r.redeemed_at), coalesce(r.cancelled_by, ''),
              r.cancelled_by_user_id, coalesce(r.cancel_reason, '')
         from vouchers.redemptions r where r.id = $1 and r.qr_code_id = $2`,
      [redemptionId, codeId],
    );
    expect(await problemOf(redemptionId)).toBeUndefined();
  });
});
