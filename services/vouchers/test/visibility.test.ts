import { RPC, type Actor, type RpcRequestInput, type RpcSubject } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QrCodesRepository } from '../src/codes/qr-codes.repository';
import { assign, insertCode } from './support/fixtures';
import {
  companyActor,
  refusal,
  startVoucherServices,
  SUPER_ADMIN,
  type VoucherServices,
} from './support/services';

/**
 * Who may see which code, asked of every path that lists, counts or prints codes: company A sees only
 * the codes assigned to A, company B only B's, the administrator all, and each one's counts agree with
 * its lists. This file has its own database, so the administrator's totals are exact.
 */
let s: VoucherServices;
const A = randomUUID();
const B = randomUUID();
const companyA = companyActor(A);
const companyB = companyActor(B);
const noCompany: Actor = { userId: randomUUID(), role: 'company_admin', companyId: null };

/** code id -> how many times it was redeemed */
const redeemed = new Map<string, number>();
let onlyA: string[];
let onlyB: string[];
let shared: string;
let unassigned: string;
let withdrawnFromA: string;
let all: string[];

beforeAll(async () => {
  s = await startVoucherServices();
  const code = (clinicName: string) => insertCode(s.sql, { clinicName, usageLimit: 10 });
  onlyA = [await code('Alpha Physio'), await code('Coastal Rehab')];
  onlyB = [await code('Alpha Gym'), await code('Bay Yoga')];
  shared = await code('Shared Studio');
  unassigned = await code('Alpha Nobody');
  // Assigned to B, and once to A but no longer active: A must not see it.
  withdrawnFromA = await code('Alpha Withdrawn');
  for (const id of onlyA) await assign(s.sql, id, A);
  for (const id of onlyB) await assign(s.sql, id, B);
  await assign(s.sql, shared, A);
  await assign(s.sql, shared, B);
  await assign(s.sql, withdrawnFromA, B);
  await s.sql.query(
    'insert into vouchers.qr_code_partners (id, qr_code_id, partner_id, is_active) values ($1, $2, $3, false)',
    [randomUUID(), withdrawnFromA, A],
  );
  all = [...onlyA, ...onlyB, shared, unassigned, withdrawnFromA];
  // Redemptions through the service, of codes in every group (A's, B's, shared, unassigned, withdrawn).
  for (const [id, times] of [
    [onlyA[0]!, 2],
    [onlyB[0]!, 1],
    [shared, 1],
    [unassigned, 3],
    [withdrawnFromA, 1],
  ] as const) {
    for (let i = 0; i < times; i++) {
      await s.call(RPC.vouchers.redeem, { id }, { actor: null, ip: `10.9.${i}.${redeemed.size}` });
    }
    redeemed.set(id, times);
  }
});
afterAll(async () => s?.close());

const sorted = (ids: string[]) => [...ids].sort();
const redemptionsOf = (ids: string[]) => ids.reduce((sum, id) => sum + (redeemed.get(id) ?? 0), 0);
const isAlpha = (id: string) => [onlyA[0], onlyB[0], unassigned, withdrawnFromA].includes(id);

const viewers: [string, Actor, () => string[]][] = [
  ['company A', companyA, () => [...onlyA, shared]],
  ['company B', companyB, () => [...onlyB, shared, withdrawnFromA]],
  ['the administrator', SUPER_ADMIN, () => all],
  ['a company user without a company', noCompany, () => []],
];

describe.each(viewers)('%s', (_name, actor, visible) => {
  const call = <S extends RpcSubject>(subject: S, payload = {} as RpcRequestInput<S>) =>
    s.call(subject, payload, { actor });

  it('lists exactly its codes, and the total agrees', async () => {
    const page = await call(RPC.vouchers.listForActor, { limit: 200 });
    expect(sorted(page.items.map((q) => q.id))).toEqual(sorted(visible()));
    expect(page.total).toBe(visible().length);
    const recent = await call(RPC.vouchers.listRecent);
    expect(sorted(recent.map((q) => q.id))).toEqual(sorted(visible()));
  });

  it('searches within its codes only', async () => {
    const page = await call(RPC.vouchers.listForActor, { limit: 200, search: 'alpha' });
    const expected = visible().filter(isAlpha);
    expect(sorted(page.items.map((q) => q.id))).toEqual(sorted(expected));
    expect(page.total).toBe(expected.length);
  });

  it('counts its codes and their redemptions, in step with its redemption list', async () => {
    const stats = await call(RPC.vouchers.companyStats);
    expect(stats.totalQrCodes).toBe(visible().length);
    expect(stats.totalRedemptions).toBe(redemptionsOf(visible()));
    expect(stats.todayRedemptions).toBe(redemptionsOf(visible()));

    const list = await call(RPC.vouchers.companyRedemptions, { limit: 200 });
    expect(list.total).toBe(stats.totalRedemptions);
    expect(list.items).toHaveLength(stats.totalRedemptions);
    for (const r of list.items) expect(visible()).toContain(r.qrCodeId);

    const searched = await call(RPC.vouchers.companyRedemptions, {
      limit: 200,
      search: 'alpha',
    });
    expect(searched.total).toBe(redemptionsOf(visible().filter(isAlpha)));
    for (const r of searched.items) expect(visible().filter(isAlpha)).toContain(r.qrCodeId);
  });

  it('may download (resolve for rendering) exactly its codes', async () => {
    const everything = await call(RPC.vouchers.resolveForRender, { all: true });
    expect(sorted(everything.items.map((q) => q.id))).toEqual(sorted(visible()));
    expect(everything.total).toBe(visible().length);
    for (const id of all) {
      const answer = call(RPC.vouchers.resolveForRender, { ids: [id] });
      if (visible().includes(id)) expect((await answer).items.map((q) => q.id)).toEqual([id]);
      else expect(await refusal(answer)).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('the administrator’s own screens', () => {
  it('count every code and redemption, in step with the admin lists', async () => {
    const stats = await s.call(RPC.vouchers.adminStats, {});
    expect(stats.totalQrCodes).toBe(all.length);
    expect(stats.totalRedemptions).toBe(redemptionsOf(all));
    expect(stats.activePartners).toBe(2);
    const codes = await s.call(RPC.vouchers.adminList, { limit: 200 });
    expect(codes.total).toBe(stats.totalQrCodes);
    const redemptions = await s.call(RPC.vouchers.adminRedemptions, { limit: 200 });
    expect(redemptions.total).toBe(stats.totalRedemptions);
  });

  it('lists a vendor’s codes: the ones assigned to it (active assignments only)', async () => {
    const page = await s.call(RPC.vouchers.listForVendor, { id: A, limit: 200 });
    expect(sorted(page.items.map((q) => q.id))).toEqual(sorted([...onlyA, shared]));
    expect(page.total).toBe(3);
  });

  it('checks a vendor’s assignments all at once or row by row (for a partner with many) alike', async () => {
    const codes = s.vouchers[0]!.get(QrCodesRepository, { strict: false });
    // One code made for A (vendor_id) besides the ones assigned to it; put back afterwards.
    await s.sql.query('update vouchers.qr_codes set vendor_id = $1 where id = $2', [A, unassigned]);
    try {
      const windows = [
        { limit: 200, offset: 0 },
        { limit: 2, offset: 1 },
        { limit: 200, offset: 0, search: 'alpha' },
      ];
      for (const window of windows) {
        const [atOnce, rowByRow] = await Promise.all(
          [false, true].map((vendorDense) => codes.page(SUPER_ADMIN, window, { vendorId: A, vendorDense })),
        );
        expect(rowByRow.rows.map((q) => q.id)).toEqual(atOnce!.rows.map((q) => q.id));
        expect(rowByRow.nextCursor).toEqual(atOnce!.nextCursor);
        const counts = await Promise.all(
          [false, true].map((vendorDense) => codes.count(SUPER_ADMIN, window, { vendorId: A, vendorDense })),
        );
        expect(counts[1]).toBe(counts[0]);
      }
      const everything = await codes.page(SUPER_ADMIN, windows[0]!, { vendorId: A, vendorDense: true });
      expect(sorted(everything.rows.map((q) => q.id))).toEqual(sorted([...onlyA, shared, unassigned]));
    } finally {
      await s.sql.query('update vouchers.qr_codes set vendor_id = null where id = $1', [unassigned]);
    }
  });
});
