import { RPC } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyActor, startVoucherServices, SUPER_ADMIN, type VoucherServices } from './support/services';

// Issue 41: a voucher's member copies are written a chunk at a time, set-based (IssueCopiesRepository).
// A chunk of 300 must write, per code, exactly what one member's copy writes.
let s: VoucherServices;
let shop: { id: string };
let other: { id: string };
beforeAll(async () => {
  s = await startVoucherServices({ partners: true, env: { BUSINESS_TIMEZONE: 'UTC' } });
  shop = await s.call(RPC.partners.create, { name: 'Copy Shop' });
  other = await s.call(RPC.partners.create, { name: 'Copy Other' });
});
afterAll(async () => s?.close());

/** A voucher of `shop`, also assigned to `other`. */
async function voucher(): Promise<{ id: string }> {
  const v: { id: string } = await s.call(RPC.vouchers.generate, {
    partnerId: shop.id,
    discountType: 'percentage',
    discountValue: '10',
    service: 'Tune-up',
    expirationDate: '2099-12-31',
    usageLimit: '5',
    perMemberLimit: { count: 2, period: 'month' },
  } as never);
  await s.call(RPC.vouchers.assignPartners, { id: v.id, partnerIds: [shop.id, other.id] });
  return v;
}
const members = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ memberId: randomUUID(), firstName: `M${i}`, lastName: 'Copy' }));

const figures = async () => ({
  admin: await s.call(RPC.vouchers.adminStats, {}),
  shop: await s.call(RPC.vouchers.companyStats, {}, { actor: companyActor(shop.id) }),
  other: await s.call(RPC.vouchers.companyStats, {}, { actor: companyActor(other.id) }),
});

/** What was written for each code: its row, active assignments and created events. */
async function written(ids: string[]) {
  const q = async (sql: string) => (await s.sql.query(sql, [ids])).rows;
  return {
    codes: await q(`select id, partner_ids, version::int, holder_source, usage_count
                      from vouchers.qr_codes where id = any($1::uuid[])`),
    assignments: await q(`select qr_code_id, partner_id from vouchers.qr_code_partners
                           where qr_code_id = any($1::uuid[]) and is_active`),
    events: await q(`select payload from vouchers.outbox_events
                      where name = 'vouchers.voucher.created.v1' and payload->>'qrCodeId' = any($1::text[])`),
  };
}

/** The voucher's copies' audit entries (one per chunk, decision 346), oldest first, and their events. */
async function copiesAudit(voucherId: string) {
  const entries = await s.sql.query(
    `select id, target_id, company_id, changes, actor_type, actor_id from vouchers.audit_entries
      where action = 'vouchers.voucher.copies-issued' and target_id = $1 order by at, id`,
    [voucherId],
  );
  const events = await s.sql.query(
    `select payload from vouchers.outbox_events
      where name = 'audit.entry.recorded.v1' and payload->>'id' = any($1::text[])`,
    [entries.rows.map((r) => r.id)],
  );
  return { entries: entries.rows, events: events.rows.map((r) => r.payload) };
}

/** A code's writes with its own id and member taken out: what every copy of the voucher shares. */
function common(w: Awaited<ReturnType<typeof written>>, id: string, memberId: string) {
  const strip = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll(id, '<id>').replaceAll(memberId, '<member>'));
  return strip({
    code: w.codes.find((r) => r.id === id),
    assignments: w.assignments
      .filter((r) => r.qr_code_id === id)
      .map((r) => r.partner_id)
      .sort(),
    event: w.events.filter((r) => r.payload.qrCodeId === id).map((r) => r.payload),
  });
}

describe("a voucher's member copies, a chunk at a time", () => {
  it('a chunk of 300 gives 300 distinct codes, each with the assignments, tallies and event one copy gets, and one audit entry naming them all', async () => {
    const v = await voucher();
    const before = await figures();
    const [one] = members(1);
    const single = await s.call(RPC.vouchers.issueToMembers, { source: { qrCodeId: v.id }, holders: [one!] });
    const afterOne = await figures();
    const chunk = members(300);
    const many = await s.call(RPC.vouchers.issueToMembers, { source: { qrCodeId: v.id }, holders: chunk });
    const afterMany = await figures();

    expect(many.refused).toEqual([]);
    expect(many.issued.map((i) => [i.memberId, i.created])).toEqual(chunk.map((m) => [m.memberId, true]));
    const ids = many.issued.map((i) => i.qrCodeId);
    expect(new Set(ids).size).toBe(300);
    expect(ids.every((id, i) => many.issued[i]!.publicId === id)).toBe(true);

    // The one copy: what the one-code path wrote (partner_ids set by the assignment: version 1).
    const oneId = single.issued[0]!.qrCodeId;
    const reference = common(await written([oneId]), oneId, one!.memberId);
    expect(reference.code).toMatchObject({
      partner_ids: [shop.id, other.id].sort(),
      version: 1,
      holder_source: v.id,
    });
    expect(reference.assignments).toEqual([shop.id, other.id].sort());
    expect(reference.event).toEqual([
      {
        qrCodeId: '<id>',
        expirationDate: '2099-12-31',
        usageCount: 0,
        usageLimit: 5,
        isActive: true,
        version: 1,
        partnerIds: [shop.id, other.id],
        vendorId: shop.id,
      },
    ]);

    // Every copy of the chunk: the same, and each its own row and event.
    const w = await written(ids);
    expect(w.codes).toHaveLength(300);
    expect(w.assignments).toHaveLength(600);
    expect(w.events).toHaveLength(300);
    chunk.forEach((m, i) => expect(common(w, ids[i]!, m.memberId)).toEqual(reference));

    // The audit trail: one entry per call (the one copy, then the chunk), each saying who gave which
    // member which copy, by id only; the terms they share as a single copy's entry said them.
    const audit = await copiesAudit(v.id);
    expect(audit.entries).toHaveLength(2);
    expect(audit.events).toHaveLength(2);
    const [first, second] = audit.entries;
    for (const entry of audit.entries)
      expect(entry).toMatchObject({
        company_id: shop.id,
        actor_type: 'user',
        actor_id: SUPER_ADMIN.userId,
        target_id: v.id,
      });
    expect(first.changes.holders.after).toEqual([{ qrCodeId: oneId, memberId: one!.memberId }]);
    expect(first.changes.copies.after).toBe(1);
    expect(first.changes).toMatchObject({
      vendorId: { before: null, after: shop.id },
      usageLimit: { before: null, after: 5 },
      service: { before: null, after: 'Tune-up' },
    });
    expect(second.changes.holders.after).toEqual(
      chunk.map((m, i) => ({ qrCodeId: ids[i], memberId: m.memberId })),
    );
    expect(second.changes.copies.after).toBe(300);
    const terms = (c: Record<string, unknown>) => {
      const { holders: _h, copies: _c, ...rest } = c;
      return rest;
    };
    expect(terms(second.changes)).toEqual(terms(first.changes));
    // No member's name (decision 310): neither their till name ("M7 C.") nor the field that holds it.
    expect(JSON.stringify(second.changes)).not.toMatch(/M\d+ C\.|holderName/);
    expect(audit.events.map((e) => e.targetId)).toEqual([v.id, v.id]);

    // The dashboards: one copy counts once for the platform and each partner, the chunk 300 times.
    const delta = (a: { totalQrCodes: number }, b: { totalQrCodes: number }) =>
      b.totalQrCodes - a.totalQrCodes;
    expect(
      [before.admin, before.shop, before.other].map((f, i) =>
        delta(f, [afterOne.admin, afterOne.shop, afterOne.other][i]!),
      ),
    ).toEqual([1, 1, 1]);
    expect(
      [afterOne.admin, afterOne.shop, afterOne.other].map((f, i) =>
        delta(f, [afterMany.admin, afterMany.shop, afterMany.other][i]!),
      ),
    ).toEqual([300, 300, 300]);
    const rebuilt = await s.sql.query(
      `select (select count(*)::int from vouchers.qr_codes) as codes,
              (select codes::int from vouchers.code_tallies where scope_id = '00000000-0000-0000-0000-000000000000') as tallied`,
    );
    expect(rebuilt.rows[0].tallied).toBe(rebuilt.rows[0].codes);

    // Asked again (with one new member): the 300 answered as they are, one more made.
    const [late] = members(1);
    const again = await s.call(RPC.vouchers.issueToMembers, {
      source: { qrCodeId: v.id },
      holders: [...chunk, late!],
    });
    expect(again.issued.slice(0, 300)).toEqual(many.issued.map((i) => ({ ...i, created: false })));
    expect(again.issued[300]).toMatchObject({ memberId: late!.memberId, created: true });
  });
});
