import {
  memberLimitMessage,
  RPC,
  type Actor,
  type TillCodesResponse,
  type TillCopyCode,
} from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyActor,
  refusal,
  startVoucherServices,
  SUPER_ADMIN,
  type VoucherServices,
} from './support/services';

// The till's offline copy (issue 37): which codes a partner's till keeps, what a delta tells it after a
// redeem, a deactivation, an unassignment or a delete, and its pages.
let s: VoucherServices;
let riverside: { id: string };
let hilltop: { id: string };
let cashier: Actor;
beforeAll(async () => {
  s = await startVoucherServices({ partners: true, env: { BUSINESS_TIMEZONE: 'UTC' } });
  riverside = await s.call(RPC.partners.create, { name: 'Riverside Bike Shop' });
  hilltop = await s.call(RPC.partners.create, { name: 'Hilltop Cafe' });
  cashier = { ...companyActor(riverside.id), name: 'Robin Till' };
});
afterAll(async () => s?.close());

const code = (extra: Record<string, unknown> = {}) =>
  s.call(RPC.vouchers.generate, {
    discountType: 'percentage',
    discountValue: '10',
    service: 'Tune-up',
    expirationDate: '2099-12-31',
    usageLimit: '5',
    ...extra,
  });
const copyOf = (query: Record<string, unknown> = {}, actor: Actor = cashier) =>
  s.call(RPC.vouchers.tillCodes, query as never, { actor });

/** Every page of a run: the rows, the removals and the first page's `since`. */
async function wholeRun(query: { since?: string; limit?: number } = {}, actor: Actor = cashier) {
  const items: TillCopyCode[] = [];
  const removed: string[] = [];
  let first: TillCodesResponse | null = null;
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: TillCodesResponse = await copyOf({ ...query, ...(cursor ? { cursor } : {}) }, actor);
    first ??= page;
    items.push(...page.items);
    removed.push(...page.removed);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { items, removed, since: first.since, pages, timeZone: first.timeZone };
}

describe("a partner's till copy", () => {
  it('holds its own, its assigned and the club-wide codes, never another shop’s', async () => {
    const own = await code({ partnerId: riverside.id, customTitle: 'Spring tune-up' });
    const theirs = await code({ partnerId: hilltop.id });
    const assigned = await code({ partnerId: hilltop.id, service: 'Coffee' });
    await s.call(RPC.vouchers.assignPartners, { id: assigned.id, partnerIds: [hilltop.id, riverside.id] });
    const clubWide = await code({ clinic: 'AV Club', service: 'Anything', usageLimit: 'unlimited' });

    const copy = await wholeRun();
    const ids = copy.items.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, assigned.id, clubWide.id]));
    expect(ids).not.toContain(theirs.id);
    expect(copy.timeZone).toBe('UTC');
    expect(copy.items.find((c) => c.id === own.id)).toEqual({
      id: own.id,
      prefix: own.id.slice(0, 8),
      title: 'Spring tune-up',
      discountType: 'percentage',
      discountValue: 10,
      usesLeft: 5,
      startDate: null,
      expirationDate: '2099-12-31',
      active: true,
    });
    expect(copy.items.find((c) => c.id === assigned.id)?.title).toBe('Hilltop Cafe · Coffee');
    expect(copy.items.find((c) => c.id === clubWide.id)).toMatchObject({
      title: 'AV Club · Anything',
      usesLeft: null,
    });
    // Hilltop's till has its own and the club-wide one, not Riverside's.
    const theirCopy = (await wholeRun({}, companyActor(hilltop.id))).items.map((c) => c.id);
    expect(theirCopy).toEqual(expect.arrayContaining([theirs.id, assigned.id, clubWide.id]));
    expect(theirCopy).not.toContain(own.id);
  });

  it('a delta brings a redeem, a deactivation and new codes, and drops an unassigned, a deleted and a no-longer-club-wide code', async () => {
    const redeemed = await code({ partnerId: riverside.id });
    const deactivated = await code({ partnerId: riverside.id });
    const unassigned = await code({ partnerId: hilltop.id });
    await s.call(RPC.vouchers.assignPartners, { id: unassigned.id, partnerIds: [hilltop.id, riverside.id] });
    const deleted = await code({ partnerId: riverside.id });
    const wasClubWide = await code({ clinic: 'AV Club' });
    const untouched = await code({ partnerId: riverside.id });
    const before = await wholeRun();
    expect(before.items.map((c) => c.id)).toEqual(
      expect.arrayContaining([redeemed.id, deactivated.id, unassigned.id, deleted.id, wasClubWide.id]),
    );

    // Nothing changed: an empty delta.
    const idle = await wholeRun({ since: before.since });
    expect(idle.items.map((c) => c.id)).not.toContain(untouched.id);

    await s.call(RPC.vouchers.tillRedeem, { code: redeemed.id }, { actor: cashier });
    await s.sql.query('update vouchers.qr_codes set is_active = false where id = $1', [deactivated.id]);
    await s.call(RPC.vouchers.assignPartners, { id: unassigned.id, partnerIds: [hilltop.id] });
    await s.call(RPC.vouchers.remove, { id: deleted.id }, { actor: SUPER_ADMIN });
    await s.call(RPC.vouchers.assignPartners, { id: wasClubWide.id, partnerIds: [hilltop.id] });
    const added = await code({ partnerId: riverside.id });
    const elsewhere = await code({ partnerId: hilltop.id });

    const delta = await wholeRun({ since: before.since });
    const changed = new Map(delta.items.map((c) => [c.id, c]));
    expect(changed.get(redeemed.id)?.usesLeft).toBe(4);
    expect(changed.get(deactivated.id)?.active).toBe(false);
    expect(changed.has(added.id)).toBe(true);
    expect(changed.has(untouched.id)).toBe(false);
    expect(delta.removed).toEqual(expect.arrayContaining([unassigned.id, deleted.id, wasClubWide.id]));
    // Another shop's new code is neither a row nor a removal: its id is not told.
    expect([...changed.keys(), ...delta.removed]).not.toContain(elsewhere.id);
    // Hilltop's till hears nothing of Riverside's deleted code.
    const theirs = await wholeRun({ since: before.since }, companyActor(hilltop.id));
    expect(theirs.removed).not.toContain(deleted.id);
    expect(theirs.items.map((c) => c.id)).toEqual(expect.arrayContaining([unassigned.id, wasClubWide.id]));

    // From the delta's own since: nothing again.
    const after = await wholeRun({ since: delta.since });
    expect(after.items.map((c) => c.id)).not.toContain(redeemed.id);
    expect(after.removed).not.toContain(deleted.id);
  });

  it('pages by id, then by change: every code once, none read twice', async () => {
    const shop = await s.call(RPC.partners.create, { name: 'Paging Shop' });
    const staff = companyActor(shop.id);
    const made = await s.call(RPC.vouchers.bulkGenerate, {
      partnerId: shop.id,
      batchName: 'Paged',
      quantity: '25',
      discountType: 'fixed',
      discountValue: '5',
      service: 'Coffee',
      expirationDate: '2099-12-31',
      usageLimit: '1',
    });
    expect(made.count).toBe(25);
    const copy = await wholeRun({ limit: 7 }, staff);
    const own = copy.items.filter((c) => c.title === 'Paging Shop · Coffee');
    expect(own).toHaveLength(25);
    expect(new Set(copy.items.map((c) => c.id)).size).toBe(copy.items.length);
    const ids = copy.items.map((c) => c.id);
    expect(ids).toEqual([...ids].sort());
    expect(copy.pages).toBeGreaterThanOrEqual(Math.ceil(copy.items.length / 7));

    await s.sql.query(`update vouchers.qr_codes set usage_count = 1 where id = any($1::uuid[])`, [
      own.slice(0, 10).map((c) => c.id),
    ]);
    const delta = await wholeRun({ since: copy.since, limit: 3 }, staff);
    expect(delta.pages).toBeGreaterThanOrEqual(4);
    expect(new Set(delta.items.map((c) => c.id))).toEqual(new Set(own.slice(0, 10).map((c) => c.id)));
    expect(delta.items.every((c) => c.usesLeft === 0)).toBe(true);
  });

  it('the administrator has no copy (every code of the club), a bad cursor or since is a 400', async () => {
    expect(await refusal(copyOf({}, SUPER_ADMIN))).toMatchObject({
      code: 'FORBIDDEN',
      message: "The offline copy is a partner's till's: sign in as partner staff",
    });
    expect(await refusal(copyOf({ cursor: 'bm90IGEgY3Vyc29y' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'cursor is not valid; start again from the first page',
    });
    expect(await refusal(copyOf({ since: 'yesterday' }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    // A cursor of another database (a restore): the till is told to read the whole copy again.
    expect(await refusal(copyOf({ since: '900000000000:900000000000:' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'since is not of this database: read the whole copy again',
    });
    expect(await refusal(copyOf({ limit: 5000 }))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('a held code carries its holder and their uses (decision 338); the sync of a use over the limit is refused', async () => {
    const voucher = await code({ partnerId: riverside.id, perMemberLimit: { count: 2, period: 'month' } });
    const issued = await s.call(RPC.vouchers.issueToMembers, {
      source: { qrCodeId: voucher.id },
      holders: [{ memberId: randomUUID(), firstName: 'Ana', lastName: 'García' }],
    });
    const held = issued.issued[0]!.qrCodeId;
    const first = await wholeRun();
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    expect(first.items.find((c) => c.id === held)).toMatchObject({
      holder: { firstName: 'Ana', lastInitial: 'G' },
      memberUses: { used: 0, limit: 2, period: 'month', periodStart: month },
    });
    const bearer = first.items.find((c) => c.id === voucher.id)!;
    expect(bearer.holder).toBeUndefined();
    expect(bearer.memberUses).toBeUndefined();

    // What the offline queue sends at sync: the scan time and the Idempotency-Key it kept.
    const sync = () =>
      s.call(
        RPC.vouchers.tillRedeem,
        { code: held, scannedAt: new Date().toISOString(), idempotencyKey: randomUUID() } as never,
        { actor: cashier },
      );
    await sync();
    await sync();
    const delta = await wholeRun({ since: first.since });
    expect(delta.items.find((c) => c.id === held)?.memberUses).toMatchObject({ used: 2, limit: 2 });
    const refused = await refusal(sync());
    expect(refused).toMatchObject({ code: 'CONFLICT', message: memberLimitMessage(2, 'month') });
    const used = await s.sql.query('select usage_count from vouchers.qr_codes where id = $1', [held]);
    expect(used.rows[0].usage_count).toBe(2);
  });
});
