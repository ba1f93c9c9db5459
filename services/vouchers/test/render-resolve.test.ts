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

  it('pages a batch by keyset from an offset, uncounted when asked, and ends where the batch ends', async () => {
    const batchId = randomUUID();
    await s.sql.query(`insert into vouchers.batches (id, name, count) values ($1, 'Keyset', 7)`, [batchId]);
    const ids: string[] = [];
    // Two codes share a timestamp (a bulk insert's): the cursor breaks the tie by id.
    const stamps = ['01', '02', '02', '03', '04', '05', '06'];
    for (const day of stamps)
      ids.push(await insertCode(s.sql, { batchId, createdAt: new Date(`2026-02-${day}T00:00:00Z`) }));
    const inOrder = (
      await s.sql.query<{ id: string }>(
        'select id from vouchers.qr_codes where batch_id = $1 order by created_at, id',
        [batchId],
      )
    ).rows.map((r) => r.id);
    expect([...inOrder].sort()).toEqual([...ids].sort());

    const first = await s.call(RPC.vouchers.resolveForRender, { batchId, limit: 2, offset: 1, count: false });
    expect(first.total).toBeNull();
    expect(first.items.map((q) => q.id)).toEqual(inOrder.slice(1, 3));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await s.call(RPC.vouchers.resolveForRender, {
      batchId,
      limit: 2,
      cursor: first.nextCursor!,
      count: false,
    });
    expect(second.items.map((q) => q.id)).toEqual(inOrder.slice(3, 5));
    const last = await s.call(RPC.vouchers.resolveForRender, {
      batchId,
      limit: 5,
      cursor: second.nextCursor!,
    });
    expect(last.items.map((q) => q.id)).toEqual(inOrder.slice(5));
    expect(last).toMatchObject({ total: 7, nextCursor: null });

    // Chunk starts: every third code's key; a chunk is the range after one start, up to the next.
    const { cursors } = await s.call(RPC.vouchers.chunkStarts, { batchId, every: 3 });
    expect(cursors).toHaveLength(2);
    const chunk = (after: string | undefined, until: string | undefined) =>
      s.call(RPC.vouchers.resolveForRender, {
        batchId,
        limit: 500,
        count: false,
        ...(after ? { cursor: after } : {}),
        ...(until ? { until } : {}),
      });
    const chunks = [
      await chunk(undefined, cursors[0]),
      await chunk(cursors[0], cursors[1]),
      await chunk(cursors[1], undefined),
    ];
    expect(chunks.map((c) => c.items.map((q) => q.id))).toEqual([
      inOrder.slice(0, 3),
      inOrder.slice(3, 6),
      inOrder.slice(6),
    ]);
    // A code deleted meanwhile shortens its own chunk; the next chunk keeps its codes.
    await s.sql.query('delete from vouchers.qr_codes where id = $1', [inOrder[4]]);
    expect((await chunk(cursors[0], cursors[1])).items.map((q) => q.id)).toEqual([inOrder[3], inOrder[5]]);
    expect(
      await refusal(
        s.call(RPC.vouchers.chunkStarts, { batchId, every: 3 }, { actor: companyActor(randomUUID()) }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(s.call(RPC.vouchers.chunkStarts, { every: 3 }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await refusal(s.call(RPC.vouchers.chunkStarts, { batchId, every: 0 }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(
      await refusal(s.call(RPC.vouchers.chunkStarts, { batchId: randomUUID(), every: 3 })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (await s.call(RPC.vouchers.chunkStarts, { all: true, every: 2 }, { actor: companyActor(randomUUID()) }))
        .cursors,
    ).toEqual([]);

    expect(
      await refusal(s.call(RPC.vouchers.resolveForRender, { ids: [ids[0]!], cursor: first.nextCursor! })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(
      await refusal(s.call(RPC.vouchers.resolveForRender, { ids: [ids[0]!], until: first.nextCursor! })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(
      await refusal(s.call(RPC.vouchers.resolveForRender, { batchId, cursor: 'not a cursor' })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers as many codes as fit one message, each as the lists answer it', async () => {
    const batchId = randomUUID();
    await s.sql.query(`insert into vouchers.batches (id, name, count) values ($1, 'Long terms', 40)`, [
      batchId,
    ]);
    // 40 codes with 5,000 characters of terms: 500 of them would pass a NATS message's ~1 MB.
    await s.sql.query(
      `insert into vouchers.qr_codes (id, clinic_name, discount_type, discount_value, service, expiration_date,
         usage_limit, qr_url, batch_id, batch_name, terms, created_at)
       select g.id, 'Long Terms Gym', 'percentage', 10, 'Day pass', '2099-12-31', 1,
              'http://localhost:3000/voucher/' || g.id, $1, 'Long terms', repeat('é', 5000),
              now() + g.n * interval '1 microsecond'
         from (select gen_random_uuid() as id, n from generate_series(1, 40) n) g`,
      [batchId],
    );
    const inOrder = (
      await s.sql.query<{ id: string }>(
        'select id from vouchers.qr_codes where batch_id = $1 order by created_at, id',
        [batchId],
      )
    ).rows.map((r) => r.id);

    const seen: string[] = [];
    let page = await s.call(RPC.vouchers.resolveForRender, { batchId, limit: 500, count: false });
    const first = page;
    for (;;) {
      expect(JSON.stringify(page).length).toBeLessThan(1024 * 1024);
      seen.push(...page.items.map((q) => q.id));
      if (!page.nextCursor) break;
      page = await s.call(RPC.vouchers.resolveForRender, { batchId, limit: 500, cursor: page.nextCursor });
    }
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.length).toBeLessThan(40);
    expect(seen).toEqual(inOrder);

    // A list of ids is cut short the same way; the caller goes on from offset + items.length.
    const byIds = await s.call(RPC.vouchers.resolveForRender, { ids: inOrder, limit: 500 });
    expect(byIds.total).toBe(40);
    expect(byIds.items.map((q) => q.id)).toEqual(inOrder.slice(0, byIds.items.length));
    expect(byIds.items.length).toBeLessThan(40);

    // Each code is what the administrator's list answers for it (the same mapping, dates and all).
    const listed = await s.call(RPC.vouchers.adminList, { limit: 50, search: 'Long Terms Gym' });
    const resolved = new Map(first.items.map((q) => [q.id, q]));
    const compared = listed.items.filter((q) => resolved.has(q.id));
    expect(compared.length).toBe(first.items.length);
    // …plus the language its batch's cards print in (decision 359; the batch's default here).
    for (const item of compared) {
      const { cardLanguage, ...rest } = resolved.get(item.id)!;
      expect(rest).toEqual(item);
      expect(cardLanguage).toBe('en');
    }
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

describe('resolveLinks (a bare QR render needs only the link and the title)', () => {
  const links = (
    payload: RpcRequestInput<typeof RPC.vouchers.resolveLinks>,
    actor?: ReturnType<typeof companyActor> | null,
  ) => s.call(RPC.vouchers.resolveLinks, payload, actor === undefined ? {} : { actor });

  it('answers the same codes as resolve, in the same order, as links titled as the cards are', async () => {
    const batchId = randomUUID();
    await s.sql.query(`insert into vouchers.batches (id, name, count) values ($1, 'Links', 5)`, [batchId]);
    for (let day = 1; day <= 5; day++)
      await insertCode(s.sql, {
        batchId,
        clinicName: `Links Gym ${day}`,
        createdAt: new Date(`2026-03-0${day}T00:00:00Z`),
      });
    const [titled] = (
      await s.sql.query<{ id: string }>(
        `update vouchers.qr_codes set custom_title = '  Spring Sale ' where batch_id = $1
          and clinic_name = 'Links Gym 2' returning id`,
        [batchId],
      )
    ).rows;
    const full = await s.call(RPC.vouchers.resolveForRender, { batchId });
    const answer = await links({ batchId });
    expect(answer).toMatchObject({ total: 5, limit: 2000, offset: 0, nextCursor: null });
    expect(answer.items).toEqual(
      full.items.map((code) => ({
        id: code.id,
        qrUrl: code.qrUrl,
        title: code.customTitle?.trim() || code.clinicName,
      })),
    );
    expect(answer.items.find((l) => l.id === titled!.id)?.title).toBe('Spring Sale');

    // By keyset, uncounted, within a range; and by ids in the order asked.
    const first = await links({ batchId, limit: 2, count: false });
    expect(first.total).toBeNull();
    const rest = await links({ batchId, limit: 2000, cursor: first.nextCursor! });
    expect([...first.items, ...rest.items].map((l) => l.id)).toEqual(full.items.map((c) => c.id));
    const ids = [full.items[3]!.id, full.items[0]!.id];
    expect((await links({ ids })).items.map((l) => l.id)).toEqual(ids);
  });

  it('refuses what resolve refuses, and lets a company have only its own codes', async () => {
    const company = randomUUID();
    const mine = await insertCode(s.sql, { clinicName: 'Mine Only' });
    const other = await insertCode(s.sql);
    await assign(s.sql, mine, company);
    const batchId = randomUUID();
    await s.sql.query(`insert into vouchers.batches (id, name, count) values ($1, 'Refused', 1)`, [batchId]);

    expect((await links({ all: true }, companyActor(company))).items.map((l) => l.id)).toEqual([mine]);
    expect(await refusal(links({ ids: [mine, other] }, companyActor(company)))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(links({ batchId }, companyActor(company)))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(links({ batchId: randomUUID() }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(links({ all: true }, null))).toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const invalid of [
      {},
      { all: true, batchId },
      { all: true, limit: 2001 },
      { ids: [mine], cursor: 'x' },
      { all: true, cursor: 'not a cursor' },
    ])
      expect(await refusal(links(invalid as never))).toMatchObject({ code: 'VALIDATION_FAILED' });
    // The whole codes stay at 500 a page (a card's code can be 15 KB).
    expect(await refusal(s.call(RPC.vouchers.resolveForRender, { all: true, limit: 501 }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
