import { RPC, type Actor } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_EXHAUSTED_REASON } from '../src/holders/issue-to-members.service';
import { companyActor, refusal, startVoucherServices, type VoucherServices } from './support/services';
import { generateVoucher } from './support/fixtures';

// Issue 41: codes issued to members (vouchers.members.issue.v1) and a member's own list
// (vouchers.members.held.v1), over two instances.
let s: VoucherServices;
let shop: { id: string };
beforeAll(async () => {
  s = await startVoucherServices({ instances: 2, partners: true, env: { BUSINESS_TIMEZONE: 'UTC' } });
  shop = await s.call(RPC.partners.create, { name: 'Holder Shop' });
});
afterAll(async () => s?.close());

const voucher = (extra: Record<string, unknown> = {}) =>
  generateVoucher(s, shop.id, { usageLimit: '5', perMemberLimit: { count: 2, period: 'month' }, ...extra });
const member = (firstName = 'Ana', lastName = 'García') => ({ memberId: randomUUID(), firstName, lastName });
const issue = (source: { qrCodeId: string } | { batchId: string }, holders: ReturnType<typeof member>[]) =>
  s.call(RPC.vouchers.issueToMembers, { source, holders });
const row = async (id: string) =>
  (await s.sql.query('select * from vouchers.qr_codes where id = $1', [id])).rows[0];

describe('issuing codes to members', () => {
  it('from a voucher: a new code per member copying its terms and partners, its holder and till name recorded', async () => {
    const v = await voucher();
    const [ana, bo] = [member(), member('Bo', '')];
    const answer = await issue({ qrCodeId: v.id }, [ana, bo]);
    expect(answer.refused).toEqual([]);
    expect(answer.issued.map((i) => [i.memberId, i.created])).toEqual([
      [ana.memberId, true],
      [bo.memberId, true],
    ]);
    const copy = await row(answer.issued[0]!.qrCodeId);
    expect(copy).toMatchObject({
      holder_member_id: ana.memberId,
      holder_name: 'Ana G.',
      holder_source: v.id,
      issued_for: ana.memberId,
      per_member_count: 2,
      per_member_period: 'month',
      usage_limit: 5,
      discount_value: 10,
      vendor_id: shop.id,
      partner_ids: [shop.id],
    });
    expect(copy.qr_url).toMatch(new RegExp(`/voucher/${copy.id}$`));
    expect((await row(answer.issued[1]!.qrCodeId)).holder_name).toBe('Bo');
    // The chunk's audit entry (decision 346) names each copy and its member, by id only (decision 310).
    const audit = await s.sql.query(
      `select changes::text from vouchers.audit_entries
        where target_id = $1 and action = 'vouchers.voucher.copies-issued'`,
      [v.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].changes).toContain(ana.memberId);
    expect(audit.rows[0].changes).toContain(copy.id);
    expect(audit.rows[0].changes).not.toContain('Ana');
  });

  it('asking again answers the same code (created: false), also when two instances are asked at once', async () => {
    const v = await voucher();
    const ana = member();
    const [first, second] = await Promise.all([
      issue({ qrCodeId: v.id }, [ana]),
      issue({ qrCodeId: v.id }, [ana]),
    ]);
    expect(first.issued[0]!.qrCodeId).toBe(second.issued[0]!.qrCodeId);
    expect([first.issued[0]!.created, second.issued[0]!.created].sort()).toEqual([false, true]);
    const again = await issue({ qrCodeId: v.id }, [ana, ana]);
    expect(again.issued).toEqual([{ ...first.issued[0]!, created: false }]);
    const held = await s.sql.query(
      'select count(*)::int as n from vouchers.qr_codes where holder_member_id = $1',
      [ana.memberId],
    );
    expect(held.rows[0].n).toBe(1);
  });

  it('from a batch: one unused code each, oldest first; members beyond what is left are refused with the reason', async () => {
    const batch = await s.call(RPC.vouchers.bulkGenerate, {
      partnerId: shop.id,
      batchName: 'Members batch',
      quantity: '3',
      discountType: 'fixed',
      discountValue: '5',
      service: 'Wash',
      expirationDate: '2099-12-31',
      usageLimit: '1',
      perMemberLimit: { count: '1', period: 'ever' },
    } as never);
    const order = (
      await s.sql.query('select id from vouchers.qr_codes where batch_id = $1 order by created_at, id', [
        batch.batchId,
      ])
    ).rows.map((r) => r.id);
    const members = [member(), member(), member(), member()];
    const answer = await issue({ batchId: batch.batchId }, members);
    expect(answer.issued.map((i) => i.qrCodeId)).toEqual(order);
    expect(answer.refused).toEqual([{ memberId: members[3]!.memberId, reason: BATCH_EXHAUSTED_REASON }]);
    expect(await row(order[0])).toMatchObject({
      holder_member_id: members[0]!.memberId,
      holder_source: batch.batchId,
    });
    const again = await issue({ batchId: batch.batchId }, [members[1]!]);
    expect(again.issued[0]).toMatchObject({ qrCodeId: order[1], created: false });
    // One audit entry for the call (decision 346), naming each code given and its member by id; the
    // call that gave nothing new records none.
    const audit = await s.sql.query(
      `select changes, actor_type from vouchers.audit_entries
        where target_id = $1 and action = 'vouchers.batch.codes-issued'`,
      [batch.batchId],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].actor_type).toBe('user');
    expect(audit.rows[0].changes.codes.after).toBe(3);
    expect(audit.rows[0].changes.holders.after).toEqual(
      order.map((qrCodeId, i) => ({ qrCodeId, memberId: members[i]!.memberId })),
    );
  });

  it('an unknown voucher or batch is 404; a partner user may not issue (403)', async () => {
    expect((await refusal(issue({ qrCodeId: randomUUID() }, [member()]))).code).toBe('NOT_FOUND');
    expect((await refusal(issue({ batchId: randomUUID() }, [member()]))).code).toBe('NOT_FOUND');
    const v = await voucher();
    const actor: Actor = companyActor(shop.id);
    const forbidden = await refusal(
      s.call(RPC.vouchers.issueToMembers, { source: { qrCodeId: v.id }, holders: [member()] }, { actor }),
    );
    expect(forbidden.code).toBe('FORBIDDEN');
  });
});

describe("a member's codes", () => {
  it('active first, then used and expired, newest first within each, by keyset pages', async () => {
    const ana = member();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const v = await voucher({ usageLimit: '1', perMemberLimit: null });
      ids.push((await issue({ qrCodeId: v.id }, [ana])).issued[0]!.qrCodeId);
    }
    // The second and fourth are used up.
    await s.sql.query('update vouchers.qr_codes set usage_count = 1 where id = any($1)', [[ids[1], ids[3]]]);
    const seen: { id: string; state: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await s.call(RPC.vouchers.heldVouchers, {
        memberId: ana.memberId,
        limit: 2,
        cursor,
      } as never);
      seen.push(...page.items.map((v) => ({ id: v.id, state: v.state })));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([
      { id: ids[4], state: 'active' },
      { id: ids[2], state: 'active' },
      { id: ids[0], state: 'active' },
      { id: ids[3], state: 'used' },
      { id: ids[1], state: 'used' },
    ]);
    const bad = await refusal(
      s.call(RPC.vouchers.heldVouchers, { memberId: ana.memberId, cursor: 'x' } as never),
    );
    expect(bad.code).toBe('VALIDATION_FAILED');
  });
});

describe("the proof of the latest use on a member's codes (as the voucher page says it)", () => {
  it("a till's use names the till's partner, the member's own the code's one partner, an unused none", async () => {
    const ana = member();
    const codeOf = async (extra: Record<string, unknown> = {}) =>
      (await issue({ qrCodeId: (await voucher({ usageLimit: '1', ...extra })).id }, [ana])).issued[0]!
        .qrCodeId;
    const atTill = await codeOf();
    const own = await codeOf();
    const ready = await codeOf({ usageLimit: '3' });
    const staff: Actor = { ...companyActor(shop.id), name: 'Tess' } as Actor;
    await s.call(RPC.vouchers.tillRedeem, { code: atTill, idempotencyKey: randomUUID() } as never, {
      actor: staff,
    });
    await s.call(RPC.vouchers.redeem, { id: own }, { actor: null });
    const page = await s.call(RPC.vouchers.heldVouchers, { memberId: ana.memberId } as never);
    const byId = new Map(page.items.map((v) => [v.id, v]));
    const publicProof = async (id: string) =>
      (await s.call(RPC.vouchers.getPublic, { id }, { actor: null })).lastRedemption;
    expect(byId.get(atTill)).toMatchObject({
      state: 'used',
      lastRedemption: { channel: 'till', partnerName: 'Holder Shop', redeemedAt: expect.any(String) },
    });
    expect(byId.get(own)).toMatchObject({
      state: 'used',
      lastRedemption: { channel: 'self', partnerName: 'Holder Shop' },
    });
    expect(byId.get(ready)).toMatchObject({ state: 'active', lastRedemption: null });
    // The same words as the voucher page's answer, for each code.
    for (const id of [atTill, own, ready])
      expect(byId.get(id)!.lastRedemption).toEqual(await publicProof(id));
  });
});
