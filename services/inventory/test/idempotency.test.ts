import { RPC, type RpcMeta } from '@avpass/contracts';
import { IDEMPOTENCY_KEY_TTL_HOURS, IdempotencyKeysRepository } from '@avpass/platform';
import type { TestBed } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, startInventoryServices, SUPER_ADMIN } from './support/services';

// Issue 22 #2 at the service: the allocation's Idempotency-Key over two instances of the service.
let s: TestBed;
beforeAll(async () => {
  s = await startInventoryServices({ instances: 2 });
});
afterAll(async () => s?.close());

async function stockedLine(quantity: number) {
  const item = await s.call(RPC.inventory.createItem, {
    name: 'Retry Hoodie',
    sku: `RH-${randomUUID().slice(0, 8)}`,
    category: 'hoodies',
    price: '30',
    sizes: 'M',
  });
  return s.call(RPC.inventory.createLine, { merchItemId: item.id, size: 'M', totalQuantity: quantity });
}

const newPartner = async () =>
  (await s.call(RPC.partners.create, { name: `Shop ${randomUUID().slice(0, 8)}` })).id;

async function allocationIds(lineId: string): Promise<string[]> {
  const { rows } = await s.sql.query(
    'select id from inventory.partner_allocations where merch_inventory_id = $1 order by allocated_at',
    [lineId],
  );
  return rows.map((r: { id: string }) => r.id);
}

async function available(lineId: string): Promise<number> {
  const { rows } = await s.sql.query(
    'select available_quantity from inventory.merch_inventory where id = $1',
    [lineId],
  );
  return rows[0].available_quantity as number;
}

describe('allocations with an Idempotency-Key', () => {
  it('a caller that gave up (503) while the allocation waited retries with its key: one allocation, its answer', async () => {
    const line = await stockedLine(10);
    const request = {
      partnerId: await newPartner(),
      merchInventoryId: line.id,
      quantity: 4,
      idempotencyKey: randomUUID(),
    };
    // The line's row is held, so the allocation waits past its caller's deadline, then commits.
    await s.sql.query('begin');
    await s.sql.query('select 1 from inventory.merch_inventory where id = $1 for update', [line.id]);
    const meta: RpcMeta = { requestId: randomUUID(), actor: SUPER_ADMIN };
    const gaveUp = await refusal(s.rpc.call(RPC.inventory.createAllocation, request, meta, 300));
    expect(gaveUp.code).toBe('SERVICE_UNAVAILABLE');
    await s.sql.query('commit');

    const retry = await s.call(RPC.inventory.createAllocation, request);
    expect(await allocationIds(line.id)).toEqual([retry.id]);
    expect(await available(line.id)).toBe(6);
    expect(await s.call(RPC.inventory.createAllocation, request)).toEqual(retry);
  });

  it(`a key is kept ${IDEMPOTENCY_KEY_TTL_HOURS} hours: then it is a new request, and expired keys are purged`, async () => {
    const line = await stockedLine(10);
    const request = {
      partnerId: await newPartner(),
      merchInventoryId: line.id,
      quantity: 1,
      idempotencyKey: randomUUID(),
    };
    const first = await s.call(RPC.inventory.createAllocation, request);
    expect(await s.call(RPC.inventory.createAllocation, request)).toEqual(first);
    expect(await allocationIds(line.id)).toEqual([first.id]);

    await s.sql.query(
      `update inventory.idempotency_keys set created_at = now() - make_interval(hours => $2 + 1) where key = $1`,
      [request.idempotencyKey, IDEMPOTENCY_KEY_TTL_HOURS],
    );
    const later = await s.call(RPC.inventory.createAllocation, request);
    expect(later.id).not.toBe(first.id);
    expect(await allocationIds(line.id)).toEqual([first.id, later.id]);
    expect(await s.call(RPC.inventory.createAllocation, request)).toEqual(later);

    // An expired key of another request is purged; live keys stay.
    const stale = randomUUID();
    await s.sql.query(
      `insert into inventory.idempotency_keys (actor_id, operation, key, fingerprint, response, created_at)
       values ($1, 'x', $2, 'f', '{}', now() - make_interval(hours => $3 + 1))`,
      [SUPER_ADMIN.userId, stale, IDEMPOTENCY_KEY_TTL_HOURS],
    );
    const purged = await s.apps[0]!.get(IdempotencyKeysRepository).purgeExpired(
      IDEMPOTENCY_KEY_TTL_HOURS * 3600,
      1000,
    );
    expect(purged).toBeGreaterThanOrEqual(1);
    const { rows } = await s.sql.query('select key from inventory.idempotency_keys where key = any($1)', [
      [stale, request.idempotencyKey],
    ]);
    expect(rows.map((r: { key: string }) => r.key)).toEqual([request.idempotencyKey]);
  });
});
