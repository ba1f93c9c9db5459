import { PAST_EXPIRY_MESSAGE, RPC, type Actor } from '@avpass/contracts';
import { AuditRetention, SERVICE_OPTIONS } from '@avpass/platform';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyActor,
  refusal,
  startVoucherServices,
  SUPER_ADMIN,
  type VoucherServices,
} from './support/services';

// The vouchers service's audit trail (issue 26) against the real PostgreSQL and NATS: each change
// writes exactly one entry in its own transaction (or statement) with who, what and the change, and
// a refused change writes none.
let s: VoucherServices;
let shop: { id: string };
let other: { id: string };
let staff: Actor;
const ADMIN: Actor = { ...SUPER_ADMIN, name: 'Ada Admin' } as Actor;
beforeAll(async () => {
  s = await startVoucherServices({ partners: true, env: { REDEEM_RATE_LIMIT: '1000' } });
  shop = await s.call(RPC.partners.create, { name: 'Audit Shop' });
  other = await s.call(RPC.partners.create, { name: 'Other Shop' });
  staff = { ...companyActor(shop.id), name: 'Robin Till' } as Actor;
});
afterAll(async () => s?.close());

interface Entry {
  id: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  actor_company_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  company_id: string | null;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  service: string;
}
/** Entries written since `mark` (a seq), oldest first. */
const entriesSince = async (mark: string): Promise<Entry[]> =>
  (await s.sql.query('select * from vouchers.audit_entries where seq > $1 order by seq', [mark])).rows;
const mark = async (): Promise<string> =>
  String(
    (await s.sql.query('select coalesce(max(seq), 0)::text as m from vouchers.audit_entries')).rows[0].m,
  );
/** The one entry written by `work`, checked to be exactly one, with its outbox event. */
async function oneEntry(work: () => Promise<unknown>): Promise<Entry> {
  const before = await mark();
  await work();
  const entries = await entriesSince(before);
  expect(entries.map((e) => e.action)).toHaveLength(1);
  const entry = entries[0]!;
  expect(entry.service).toBe('vouchers');
  const events = await s.sql.query(
    `select payload from vouchers.outbox_events where name = 'audit.entry.recorded.v1' and payload->>'id' = $1`,
    [entry.id],
  );
  expect(events.rows).toHaveLength(1);
  expect(events.rows[0].payload).toMatchObject({ id: entry.id, action: entry.action, service: 'vouchers' });
  return entry;
}
async function noEntry(work: () => Promise<unknown>): Promise<void> {
  const before = await mark();
  await work();
  expect(await entriesSince(before)).toEqual([]);
}

const codeBody = (extra: Record<string, unknown> = {}) => ({
  clinic: 'Peak Physio',
  discountType: 'percentage',
  discountValue: 25,
  service: 'Assessment',
  expirationDate: '2099-12-31',
  usageLimit: '2',
  ...extra,
});
const generate = (extra: Record<string, unknown> = {}, actor: Actor = ADMIN) =>
  s.call(RPC.vouchers.generate, codeBody(extra) as never, { actor });

let ipSeq = 0;
const publicRedeem = (id: string) =>
  s.call(
    RPC.vouchers.redeem,
    { id },
    { actor: null, ip: `192.0.2.${++ipSeq}`, userAgent: 'Mozilla/5.0 (iPhone)' },
  );

describe('codes', () => {
  it('a code made: one entry with the actor, the code and its terms; a refused one: none', async () => {
    let id = '';
    const entry = await oneEntry(async () => {
      id = (await generate({ partnerId: shop.id })).id;
    });
    expect(entry).toMatchObject({
      actor_type: 'user',
      actor_id: ADMIN.userId,
      actor_name: 'Ada Admin',
      actor_role: 'super_admin',
      action: 'vouchers.voucher.created',
      target_type: 'voucher',
      target_id: id,
      company_id: shop.id,
    });
    expect(entry.changes?.usageLimit).toEqual({ before: null, after: 2 });
    expect(entry.changes?.vendorId).toEqual({ before: null, after: shop.id });
    await noEntry(async () => {
      const error = await refusal(generate({ expirationDate: '2020-01-01' }));
      expect(error.message).toBe(PAST_EXPIRY_MESSAGE);
    });
  });

  it('a batch: ONE entry with its count, not one per code', async () => {
    let batchId = '';
    const entry = await oneEntry(async () => {
      const { clinic, ...rest } = codeBody();
      batchId = (
        await s.call(RPC.vouchers.bulkGenerate, {
          batchName: 'Audit batch',
          facility: clinic,
          quantity: 25,
          ...rest,
        } as never)
      ).batchId;
    });
    expect(entry).toMatchObject({
      action: 'vouchers.batch.created',
      target_type: 'batch',
      target_id: batchId,
    });
    expect(entry.changes?.count).toEqual({ before: null, after: 25 });
  });

  it('deleted by the administrator: its terms as they were; let go of by a company: its partner', async () => {
    const code = await generate({ partnerId: shop.id });
    const deleted = await oneEntry(() => s.call(RPC.vouchers.remove, { id: code.id }, { actor: ADMIN }));
    expect(deleted).toMatchObject({
      action: 'vouchers.voucher.deleted',
      target_id: code.id,
      company_id: shop.id,
      actor_id: ADMIN.userId,
    });
    expect(deleted.changes?.service).toEqual({ before: 'Assessment', after: null });
    await noEntry(async () =>
      expect((await refusal(s.call(RPC.vouchers.remove, { id: code.id }, { actor: ADMIN }))).code).toBe(
        'NOT_FOUND',
      ),
    );

    const kept = await generate({ partnerId: shop.id });
    const let_go = await oneEntry(() => s.call(RPC.vouchers.remove, { id: kept.id }, { actor: staff }));
    expect(let_go).toMatchObject({
      action: 'vouchers.voucher.unassigned',
      actor_role: 'company_admin',
      actor_company_id: shop.id,
      company_id: shop.id,
      changes: { partnerIds: { before: [shop.id], after: [] } },
    });
  });
});

describe('assignment', () => {
  it('per code: one entry per call with the partner ids; an unknown partner: none', async () => {
    const code = await generate();
    const entry = await oneEntry(() =>
      s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [shop.id, other.id] }, { actor: ADMIN }),
    );
    expect(entry).toMatchObject({
      action: 'vouchers.assignment.changed',
      target_type: 'voucher',
      target_id: code.id,
    });
    expect(entry.changes?.partnerIds).toEqual({ before: [], after: [shop.id, other.id] });
    await noEntry(async () =>
      expect(
        (await refusal(s.call(RPC.vouchers.assignPartners, { id: code.id, partnerIds: [randomUUID()] })))
          .code,
      ).toBe('VALIDATION_FAILED'),
    );
  });

  it('bulk: one entry for the call, with the partners and how many codes', async () => {
    const a = await generate();
    const b = await generate();
    const entry = await oneEntry(() =>
      s.call(RPC.vouchers.bulkAssignPartners, { qrCodeIds: [a.id, b.id], partnerIds: [other.id] } as never, {
        actor: ADMIN,
      }),
    );
    expect(entry).toMatchObject({ action: 'vouchers.assignment.bulk-assigned', company_id: other.id });
    expect(entry.changes).toMatchObject({
      partnerIds: { after: [other.id] },
      codes: { after: 2 },
      assigned: { after: 2 },
    });
  });
});

describe('redeem, till redeem and cancel (one statement each)', () => {
  it('the public redeem: actor public with the address; a used-up redeem writes none', async () => {
    const code = await generate({ partnerId: shop.id, usageLimit: '1' });
    let redemptionId = '';
    const entry = await oneEntry(async () => {
      redemptionId = (await publicRedeem(code.id)).redemptionId;
    });
    expect(entry).toMatchObject({
      actor_type: 'public',
      actor_id: null,
      ip: `192.0.2.${ipSeq}`,
      user_agent: 'Mozilla/5.0 (iPhone)',
      action: 'vouchers.voucher.redeemed',
      target_type: 'voucher',
      target_id: code.id,
      company_id: shop.id,
    });
    expect(entry.changes).toMatchObject({
      usageCount: { before: 0, after: 1 },
      redemptionId: { before: null, after: redemptionId },
    });
    await noEntry(async () => expect((await refusal(publicRedeem(code.id))).code).toBe('CONFLICT'));
  });

  it("the till redeem: the staff member, the till's partner; then the cancel with its reason, a second cancel 409 and none", async () => {
    const code = await generate({ partnerId: shop.id, usageLimit: '5' });
    let redemptionId = '';
    const redeemed = await oneEntry(async () => {
      redemptionId = (await s.call(RPC.vouchers.tillRedeem, { code: code.id } as never, { actor: staff }))
        .redemption.id;
    });
    expect(redeemed).toMatchObject({
      actor_type: 'user',
      actor_id: staff.userId,
      actor_name: 'Robin Till',
      actor_company_id: shop.id,
      action: 'vouchers.voucher.till-redeemed',
      target_id: code.id,
      company_id: shop.id,
    });
    expect(redeemed.changes).toMatchObject({ usageCount: { before: 0, after: 1 } });

    const cancel = () =>
      s.call(RPC.vouchers.cancelRedemption, { id: redemptionId, reason: 'Scanned twice' }, { actor: staff });
    const cancelled = await oneEntry(cancel);
    expect(cancelled).toMatchObject({
      actor_id: staff.userId,
      action: 'vouchers.redemption.cancelled',
      target_type: 'voucher',
      target_id: code.id,
      company_id: shop.id,
    });
    expect(cancelled.changes).toMatchObject({
      status: { before: 'completed', after: 'cancelled' },
      reason: { before: null, after: 'Scanned twice' },
      usageCount: { before: 1, after: 0 },
      redemptionId: { before: redemptionId, after: redemptionId },
    });
    await noEntry(async () => expect((await refusal(cancel())).code).toBe('CONFLICT'));
  });
});

describe('trainer codes, their configuration, exclusives, settings', () => {
  it('trainer codes: one entry per code made; the saved configuration: before → after', async () => {
    const before = await mark();
    const made = await s.call(
      RPC.vouchers.generateTrainer,
      {
        trainerNames: 'Kim, Lee',
        partnerName: 'Peak Physio',
        couponTitle: 'Perk',
        usageLimit: '10',
      } as never,
      { actor: ADMIN },
    );
    const entries = await entriesSince(before);
    expect(entries.map((e) => [e.action, e.target_id])).toEqual(
      made.qrCodes.map((c: { id: string }) => ['vouchers.trainer-code.created', c.id]),
    );

    const admin = { ...ADMIN, userId: randomUUID() } as Actor;
    const config = { partnerName: 'Peak Physio', couponTitle: 'Perk', discountValue: 15, usageType: '10' };
    const first = await oneEntry(() =>
      s.call(RPC.vouchers.saveTrainerConfig, config as never, { actor: admin }),
    );
    expect(first).toMatchObject({ action: 'vouchers.trainer-config.saved', target_id: admin.userId });
    expect(first.changes?.discountValue).toEqual({ before: null, after: 15 });
    const second = await oneEntry(() =>
      s.call(RPC.vouchers.saveTrainerConfig, { ...config, discountValue: 20 } as never, { actor: admin }),
    );
    expect(second.changes).toEqual({ discountValue: { before: 15, after: 20 } });
    await noEntry(async () =>
      expect(
        (
          await refusal(
            s.call(RPC.vouchers.saveTrainerConfig, { discountValue: 101 } as never, { actor: admin }),
          )
        ).code,
      ).toBe('VALIDATION_FAILED'),
    );
  });

  it('an exclusive: one entry; the voucher settings: before → after', async () => {
    let id = '';
    const entry = await oneEntry(async () => {
      id = (
        await s.call(
          RPC.vouchers.createExclusive,
          {
            exclusiveType: 'exclusive_discount',
            exclusiveDetails: { title: 'Smoothie deal', description: 'At the bar', value: '20% off' },
            expirationDate: '2099-12-31',
            usageLimit: '1',
          } as never,
          { actor: ADMIN },
        )
      ).id;
    });
    expect(entry).toMatchObject({ action: 'vouchers.exclusive.created', target_id: id });

    const set = (mode: 'self' | 'staff') =>
      s.call(RPC.vouchers.updateVoucherSettings, { defaultRedemptionMode: mode }, { actor: ADMIN });
    const changed = await oneEntry(() => set('staff'));
    expect(changed).toMatchObject({
      action: 'vouchers.settings.updated',
      target_type: 'voucher-settings',
      company_id: null,
      changes: { defaultRedemptionMode: { before: 'self', after: 'staff' } },
    });
    await oneEntry(() => set('self'));
    await noEntry(async () =>
      expect(
        (await refusal(s.call(RPC.vouchers.updateVoucherSettings, { defaultRedemptionMode: 'x' } as never)))
          .code,
      ).toBe('VALIDATION_FAILED'),
    );
  });
});

describe('retention and protection of the trail', () => {
  it('the retention job purges entries older than 400 days only; the service role cannot take the rest', async () => {
    const insertAged = (days: number) =>
      s.sql.query(
        `insert into vouchers.audit_entries (id, at, actor_type, action, target_type, service)
         values (gen_random_uuid(), now() - make_interval(days => $1), 'system', 'probe.entry.aged', 'probe', 'vouchers')`,
        [days],
      );
    await insertAged(401);
    await insertAged(650);
    await insertAged(399);
    const aged = async () =>
      Number(
        (await s.sql.query(`select count(*) from vouchers.audit_entries where action = 'probe.entry.aged'`))
          .rows[0].count,
      );
    const total = async () =>
      Number((await s.sql.query('select count(*) from vouchers.audit_entries')).rows[0].count);
    const before = await total();
    const retention = s.vouchers[0]!.get(AuditRetention);
    expect(retention.table).toBe('audit_entries');
    expect(await retention.purge()).toBe(2);
    expect(await aged()).toBe(1);
    expect(await total()).toBe(before - 2);

    const asService = new Client({ connectionString: s.vouchers[0]!.get(SERVICE_OPTIONS).database.url });
    await asService.connect();
    try {
      await expect(asService.query('delete from audit_entries')).rejects.toThrow(
        /append-only: DELETE refused/,
      );
      await expect(asService.query('alter table audit_entries disable trigger user')).rejects.toThrow(
        /must be owner/,
      );
    } finally {
      await asService.end();
    }
    expect(await total()).toBe(before - 2);
  });
});
