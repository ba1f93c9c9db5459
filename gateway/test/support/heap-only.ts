import type pg from 'pg';

/** The update counts PostgreSQL keeps for vouchers.qr_codes (a backend reports them within about a second). */
async function qrCodeUpdates(db: pg.Client): Promise<{ upd: number; hot: number }> {
  const { rows } = await db.query(
    `select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_user_tables
      where schemaname = 'vouchers' and relname = 'qr_codes'`,
  );
  return rows[0] as { upd: number; hot: number };
}

/** The counts once they have moved past `previous` (or now), reading a fresh snapshot each time. */
async function settled(db: pg.Client, previous?: { upd: number }) {
  for (let i = 0; i < 50; i++) {
    await db.query('select pg_stat_clear_snapshot()');
    const now = await qrCodeUpdates(db);
    if (!previous || now.upd > previous.upd) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return qrCodeUpdates(db);
}

/**
 * How many updates of qr_codes were counted while `act` ran, and how many of them were heap-only (HOT:
 * no index entry written). Waits first for earlier tests' late reports, so a loaded machine adds at
 * most a few other updates, which are heap-only too when the schema is right.
 */
export async function qrCodeUpdatesDuring(
  db: pg.Client,
  act: () => Promise<unknown>,
): Promise<{ updates: number; heapOnly: number }> {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = await settled(db);
  await act();
  const after = await settled(db, before);
  return { updates: after.upd - before.upd, heapOnly: after.hot - before.hot };
}
