import { RPC, REDEEM_REFUSALS, type Actor } from '@avpass/contracts';
import { DomainError, IDEMPOTENCY_KEY_REUSED } from '@avpass/platform';
import { waitFor } from '@avpass/platform/testing';
import { RedeemService } from '@avpass/vouchers-service';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyActor,
  refusal,
  startVoucherServices,
  SUPER_ADMIN,
  type VoucherServices,
} from './support/services';

let s: VoucherServices;
beforeAll(async () => {
  // Two instances on one database and one NATS queue group: requests are spread between them.
  s = await startVoucherServices({
    instances: 2,
    env: { REDEEM_RATE_LIMIT: '5', REDEEM_RATE_WINDOW_SECONDS: '60' },
  });
});
afterAll(async () => s?.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let ipSeq = 0;
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const generate = (body: Record<string, unknown> = {}) =>
  s.call(RPC.vouchers.generate, {
    clinic: 'Peak Physio',
    discountType: 'percentage',
    discountValue: 25,
    service: 'Assessment',
    expirationDate: '2099-12-31',
    usageLimit: '1',
    ...body,
  });

const redeem = (
  id: string,
  opts: { key?: string; ip?: string; userAgent?: string; amount?: number; actor?: Actor | null } = {},
) =>
  s.call(
    RPC.vouchers.redeem,
    {
      id,
      ...(opts.key ? { idempotencyKey: opts.key } : {}),
      ...(opts.amount !== undefined ? { transactionAmount: opts.amount } : {}),
    },
    { actor: opts.actor ?? null, ip: opts.ip ?? freshIp(), userAgent: opts.userAgent ?? IPHONE },
  );

async function counted(id: string) {
  const code = await s.sql.query('select usage_count from vouchers.qr_codes where id = $1', [id]);
  const rows = await s.sql.query(
    'select count(*)::int as n from vouchers.redemptions where qr_code_id = $1',
    [id],
  );
  return { usageCount: code.rows[0]?.usage_count as number, redemptions: rows.rows[0].n as number };
}

describe('redeem', () => {
  it('records the redemption with device, address and user agent, and the event goes to the outbox', async () => {
    const code = await generate({ usageLimit: '3' });
    const answer = await redeem(code.id, { ip: '203.0.113.7' });
    expect(answer.message).toBe('Voucher redeemed successfully');
    expect(answer.voucher).toMatchObject({ id: code.id, usageCount: 1, usageLimit: 3, status: 'active' });
    expect(answer.voucher).not.toHaveProperty('createdByUserId');
    const row = (await s.sql.query('select * from vouchers.redemptions where id = $1', [answer.redemptionId]))
      .rows[0];
    expect(row).toMatchObject({
      qr_code_id: code.id,
      redeemed_by: 'Member (self-service)',
      channel: 'self',
      partner_id: null,
      scanned_at: null,
      device_info: 'iPhone · Safari',
      ip_address: '203.0.113.7',
      user_agent: IPHONE,
      status: 'completed',
    });
    const events = await s.sql.query(
      `select name, payload from vouchers.outbox_events where payload->>'qrCodeId' = $1 order by seq`,
      [code.id],
    );
    expect(events.rows.map((e) => e.name)).toEqual([
      'vouchers.voucher.created.v1',
      'vouchers.voucher.redeemed.v1',
    ]);
    expect(events.rows[1].payload).toMatchObject({
      usageCount: 1,
      usageLimit: 3,
      redemptionId: answer.redemptionId,
    });
  });

  it('40 concurrent redeems of a limit-3 code over two instances succeed exactly 3 times', async () => {
    const code = await generate({ usageLimit: '3' });
    // Count which instance answered each request (the NATS queue group spreads them).
    const served = s.vouchers.map(() => 0);
    const restore = s.vouchers.map((app, i) => {
      const service = app.get(RedeemService, { strict: false });
      const original = service.redeem.bind(service);
      service.redeem = (...args) => {
        served[i]!++;
        return original(...args);
      };
      return () => (service.redeem = original);
    });
    const started = Date.now();
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => redeem(code.id)));
    const elapsed = Date.now() - started;
    restore.forEach((r) => r());
    expect(served.every((n) => n > 0)).toBe(true);
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as DomainError] : []));
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(37);
    for (const r of refused) expect(r).toMatchObject({ code: 'CONFLICT', message: REDEEM_REFUSALS.used_up });
    expect(await counted(code.id)).toEqual({ usageCount: 3, redemptions: 3 });
    console.log(
      `[figures] 40 concurrent redeems over 2 instances: ${elapsed} ms (served ${served.join(' + ')})`,
    );
    const after = await s.call(RPC.vouchers.getPublic, { id: code.id }, { actor: null });
    expect(after).toMatchObject({ usageCount: 3, status: 'used_up' });
  });

  it('refuses an inactive code and answers 404 for unknown or malformed ids', async () => {
    const code = await generate();
    await s.sql.query('update vouchers.qr_codes set is_active = false where id = $1', [code.id]);
    expect(await refusal(redeem(code.id))).toMatchObject({
      code: 'CONFLICT',
      message: REDEEM_REFUSALS.inactive,
    });
    expect(await refusal(redeem('00000000-0000-4000-8000-000000000000'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(redeem('not-a-voucher'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an unlimited code keeps counting', async () => {
    const code = await generate({ usageLimit: 'unlimited' });
    for (let i = 0; i < 3; i++) await redeem(code.id);
    const v = await s.call(RPC.vouchers.getPublic, { id: code.id }, { actor: null });
    expect(v).toMatchObject({ usageCount: 3, usageLimit: 999999, status: 'active' });
  });
});

describe('Idempotency-Key', () => {
  it('a malformed key is refused at the service boundary with its field error, before anything is counted', async () => {
    const code = await generate({ usageLimit: '3' });
    const refused = await refusal(redeem(code.id, { key: 'has spaces' }));
    expect(refused).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Idempotency-Key must be 1-200 visible ASCII characters',
      errors: { idempotencyKey: ['Idempotency-Key must be 1-200 visible ASCII characters'] },
    });
    expect(await counted(code.id)).toEqual({ usageCount: 0, redemptions: 0 });
  });

  it('a repeat returns the first outcome and counts once, even once the code has run out', async () => {
    const code = await generate({ usageLimit: '1' });
    const key = randomUUID();
    const first = await redeem(code.id, { key });
    // From another address too (the member's phone moved from Wi-Fi to its mobile network).
    const again = await redeem(code.id, { key });
    expect(again.redemptionId).toBe(first.redemptionId);
    expect(again.voucher.usageCount).toBe(1);
    expect(await counted(code.id)).toEqual({ usageCount: 1, redemptions: 1 });
    // Without the key (or with another) the used-up code is refused.
    expect(await refusal(redeem(code.id, { key: randomUUID() }))).toMatchObject({ code: 'CONFLICT' });
  });

  it('two concurrent requests with the same key make one redemption and get the same answer', async () => {
    for (let round = 0; round < 5; round++) {
      const code = await generate({ usageLimit: '5' });
      const key = randomUUID();
      const [a, b] = await Promise.all([redeem(code.id, { key }), redeem(code.id, { key })]);
      expect(a.redemptionId).toBe(b.redemptionId);
      expect(await counted(code.id)).toEqual({ usageCount: 1, redemptions: 1 });
    }
  });
});

describe("Idempotency-Key: the caller's own (issue 37)", () => {
  it("a member's key must be a random UUID: a key anyone could pick is 400, nothing counted", async () => {
    const code = await generate({ usageLimit: '3' });
    expect(await refusal(redeem(code.id, { key: 'sale-1001' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { idempotencyKey: ["A member's redeem needs an Idempotency-Key that is a random UUID"] },
    });
    expect(await counted(code.id)).toEqual({ usageCount: 0, redemptions: 0 });
  });

  it("the same key from the administrator or a partner's user is their own request, never the member's answer", async () => {
    const code = await generate({ usageLimit: '5' });
    const key = randomUUID();
    const member = await redeem(code.id, { key });
    const admin = await redeem(code.id, { key, actor: SUPER_ADMIN });
    const partner = await redeem(code.id, { key, actor: companyActor(randomUUID()) });
    expect(new Set([member.redemptionId, admin.redemptionId, partner.redemptionId]).size).toBe(3);
    expect(await counted(code.id)).toEqual({ usageCount: 3, redemptions: 3 });
    // Each one's repeat answers its own first outcome.
    expect((await redeem(code.id, { key, actor: SUPER_ADMIN })).redemptionId).toBe(admin.redemptionId);
    expect((await redeem(code.id, { key })).redemptionId).toBe(member.redemptionId);
  });

  it('the same key with another sale amount or another code is 409, nothing counted', async () => {
    const code = await generate({ usageLimit: '5' });
    const other = await generate({ usageLimit: '5' });
    const key = randomUUID();
    await redeem(code.id, { key, amount: 1000 });
    // One at a time: a second call started before the first is awaited rejects unhandled meanwhile.
    for (const attempt of [() => redeem(code.id, { key, amount: 2000 }), () => redeem(other.id, { key })]) {
      expect(await refusal(attempt())).toMatchObject({
        code: 'CONFLICT',
        message: IDEMPOTENCY_KEY_REUSED,
      });
    }
    expect(await counted(code.id)).toEqual({ usageCount: 1, redemptions: 1 });
    expect(await counted(other.id)).toEqual({ usageCount: 0, redemptions: 0 });
  });

  it('a key past its 24 hours is a new request: the statement takes it over', async () => {
    const code = await generate({ usageLimit: '5' });
    const key = randomUUID();
    const first = await redeem(code.id, { key });
    await s.sql.query(
      `update vouchers.idempotency_keys set created_at = now() - interval '25 hours' where key = $1`,
      [key],
    );
    const later = await redeem(code.id, { key });
    expect(later.redemptionId).not.toBe(first.redemptionId);
    expect((await redeem(code.id, { key })).redemptionId).toBe(later.redemptionId);
    expect(await counted(code.id)).toEqual({ usageCount: 2, redemptions: 2 });
  });

  it('no second mechanism: redemptions keep no key of their own', async () => {
    const columns = await s.sql.query(
      `select column_name from information_schema.columns
        where table_schema = 'vouchers' and table_name = 'redemptions' and column_name = 'idempotency_key'`,
    );
    expect(columns.rows).toEqual([]);
  });
});

describe('rate limit per (address, code)', () => {
  it('refuses the attempt over REDEEM_RATE_LIMIT with retryAfter; other codes and addresses go on', async () => {
    const code = await generate({ usageLimit: 'unlimited' });
    const other = await generate({ usageLimit: 'unlimited' });
    const ip = '198.51.100.9';
    for (let i = 0; i < 5; i++) await redeem(code.id, { ip });
    const limited = await refusal(redeem(code.id, { ip }));
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(limited.retryAfter).toBeLessThanOrEqual(60);
    expect(limited.message).toMatch(/Too many redeem attempts/);
    await expect(redeem(other.id, { ip })).resolves.toMatchObject({ voucher: { usageCount: 1 } });
    await expect(redeem(code.id, { ip: '198.51.100.10' })).resolves.toMatchObject({
      voucher: { usageCount: 6 },
    });
  });
});

describe('expiry at the end of the business day (America/Los_Angeles)', () => {
  // 23:59 on 15 January in Los Angeles is already 16 January in UTC: a UTC date check would refuse.
  const at2359 = new Date('2026-01-16T07:59:00Z');
  const at0001 = new Date('2026-01-16T08:01:00Z');

  it('is valid at 23:59 on its last day and expired at 00:01 the next', async () => {
    s.clock.set(new Date('2026-01-10T12:00:00Z')); // made before it expires
    const code = await generate({ expirationDate: '2026-01-15', usageLimit: '5' });
    try {
      s.clock.set(at2359);
      expect((await s.call(RPC.vouchers.getPublic, { id: code.id }, { actor: null })).status).toBe('active');
      await expect(redeem(code.id)).resolves.toMatchObject({
        voucher: { usageCount: 1, status: 'active', expirationDate: '2026-01-15' },
      });
      s.clock.set(at0001);
      expect((await s.call(RPC.vouchers.getPublic, { id: code.id }, { actor: null })).status).toBe('expired');
      expect(await refusal(redeem(code.id))).toMatchObject({
        code: 'CONFLICT',
        message: REDEEM_REFUSALS.expired,
      });
      expect(await counted(code.id)).toEqual({ usageCount: 1, redemptions: 1 });
    } finally {
      s.clock.set(null);
    }
  });
});

describe('restart', () => {
  it('a retry after the service restarts returns the first outcome, counted once', async () => {
    const code = await generate({ usageLimit: '3' });
    const key = randomUUID();
    const first = await redeem(code.id, { key });
    for (const app of [...s.vouchers]) await s.stopVouchers(app);
    await s.startVouchers();
    // The new instance's subscription reaches the NATS server a moment after it starts.
    await waitFor(() => s.call(RPC.vouchers.health, {}).then(() => true), {
      message: 'vouchers answers again',
    });
    const retry = await redeem(code.id, { key });
    expect(retry.redemptionId).toBe(first.redemptionId);
    expect(await counted(code.id)).toEqual({ usageCount: 1, redemptions: 1 });
  });
});
