import { RPC, type RpcRequestInput } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assign, insertCode } from './support/fixtures';
import { companyActor, refusal, startVoucherServices, type VoucherServices } from './support/services';

let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices();
});
afterAll(async () => s?.close());

const resolve = (
  payload: RpcRequestInput<typeof RPC.vouchers.resolveForRender>,
  actor = companyActor(randomUUID()),
) => s.call(RPC.vouchers.resolveForRender, payload, { actor });

describe('resolveForRender (rendering asks which codes it may print)', () => {
  it('answers ids in the order asked, paged, from the server record', async () => {
    const a = await insertCode(s.sql, { clinicName: 'Alpha' });
    const b = await insertCode(s.sql, { clinicName: 'Beta' });
    const c = await insertCode(s.sql, { clinicName: 'Gamma' });
    const all = await s.call(RPC.vouchers.resolveForRender, { ids: [c, a, b] });
    expect(all.items.map((q) => q.id)).toEqual([c, a, b]);
    expect(all).toMatchObject({ total: 3, limit: 500, offset: 0 });
    expect(all.items[0]).toMatchObject({
      clinicName: 'Gamma',
      status: 'active',
      qrUrl: `http://localhost:3000/voucher/${c}`,
    });
    const page = await s.call(RPC.vouchers.resolveForRender, {
      ids: [c, a, b],
      limit: 1,
      offset: 1,
    });
    expect(page.items.map((q) => q.id)).toEqual([a]);
    expect(page.total).toBe(3);
  });

  it('fails the whole call with NOT_FOUND when any id is unknown or not the company’s', async () => {
    const company = randomUUID();
    const mine = await insertCode(s.sql);
    const other = await insertCode(s.sql);
    await assign(s.sql, mine, company);
    const actor = companyActor(company);
    expect((await resolve({ ids: [mine] }, actor)).items.map((q) => q.id)).toEqual([mine]);
    expect(await refusal(resolve({ ids: [mine, other] }, actor))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(s.call(RPC.vouchers.resolveForRender, { ids: [randomUUID()] }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('gives a batch to the administrator only, oldest first', async () => {
    const batchId = randomUUID();
    await s.sql.query(`insert into vouchers.batches (id, name, count) values ($1, 'B', 2)`, [batchId]);
    const first = await insertCode(s.sql, { batchId, createdAt: new Date('2026-01-01T00:00:00Z') });
    const second = await insertCode(s.sql, { batchId, createdAt: new Date('2026-01-02T00:00:00Z') });
    const page = await s.call(RPC.vouchers.resolveForRender, { batchId });
    expect(page.items.map((q) => q.id)).toEqual([first, second]);
    expect(await refusal(resolve({ batchId }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(s.call(RPC.vouchers.resolveForRender, { batchId: randomUUID() }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('`all` is every code for the administrator and the assigned codes for a company', async () => {
    const company = randomUUID();
    const x = await insertCode(s.sql);
    const y = await insertCode(s.sql);
    await assign(s.sql, x, company);
    await assign(s.sql, y, company);
    const mine = await resolve({ all: true }, companyActor(company));
    expect(mine.items.map((q) => q.id).sort()).toEqual([x, y].sort());
    expect(mine.total).toBe(2);
    const everything = await s.call(RPC.vouchers.resolveForRender, { all: true, limit: 0 });
    expect(everything.items).toEqual([]);
    expect(everything.total).toBeGreaterThanOrEqual(7);
    expect(
      await resolve({ all: true }, { userId: randomUUID(), role: 'company_admin', companyId: null }),
    ).toMatchObject({ total: 0 });
  });

  it('needs exactly one selector and a signed-in caller', async () => {
    expect(await refusal(s.call(RPC.vouchers.resolveForRender, {}))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await refusal(s.call(RPC.vouchers.resolveForRender, { all: true, ids: [] }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(
      await refusal(s.call(RPC.vouchers.resolveForRender, { all: true }, { actor: null })),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
