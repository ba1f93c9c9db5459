import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxRelay } from './outbox-relay';
import { column, shapeOf, SqlEventWriter } from './sql-event-writer';

/** A relay that only counts its kicks: these tests run no statement. */
function writer() {
  const relay = { kicks: 0, kick: () => relay.kicks++ };
  return { events: new SqlEventWriter(relay as unknown as OutboxRelay), relay };
}

const insert = (events: SqlEventWriter) =>
  events.writeEventsFrom('vouchers.voucher.redeemed.v1', 'updated u, redemption r', {
    qrCodeId: column('u.id'),
    expirationDate: column(`to_char(u.expiration_date, 'YYYY-MM-DD')`),
    usageCount: column('u.usage_count'),
    usageLimit: column('u.usage_limit'),
    isActive: column('u.is_active'),
    version: column('u.version'),
    redemptionId: randomUUID(),
    redeemedAt: new Date().toISOString(),
    partnerId: column('r.partner_id'),
    batchId: column('u.batch_id'),
    fundedBy: column('r.funded_by'),
    saleCents: column('r.transaction_amount'),
    discountCents: column('r.discount_applied'),
    reimbursementCents: column('r.reimbursement_cents'),
    noSaleAmount: column('r.no_sale_amount'),
    title: column('u.clinic_name'),
  });

const payload = (overrides: Record<string, unknown> = {}) => ({
  qrCodeId: randomUUID(),
  expirationDate: '2027-01-31',
  usageCount: 1,
  usageLimit: 5,
  isActive: true,
  version: 2,
  redemptionId: randomUUID(),
  redeemedAt: new Date().toISOString(),
  partnerId: null,
  batchId: null,
  fundedBy: 'partner',
  saleCents: null,
  discountCents: null,
  reimbursementCents: 0,
  noSaleAmount: true,
  title: 'Clinic',
  ...overrides,
});

describe('SqlEventWriter: what a statement wrote is checked against its event', () => {
  it('a payload that drifted from the contract throws on the first statement of that path', () => {
    const { events } = writer();
    expect(() => insert(events).written([payload({ usageCount: -1 })])).toThrow(/does not match its schema/);
    expect(() => insert(events).written([payload({ qrCodeId: 'not-a-uuid' })])).toThrow(
      /does not match its schema/,
    );
  });

  it('a payload whose types differ from every checked one is parsed again: a null the SQL now yields fails', () => {
    const { events } = writer();
    insert(events).written([payload()]);
    expect(() => insert(events).written([payload({ usageCount: null })])).toThrow(
      /does not match its schema/,
    );
    expect(() => insert(events).written([payload({ isActive: 'yes' })])).toThrow(/does not match its schema/);
    expect(() => insert(events).written([payload({ partnerId: randomUUID() })])).not.toThrow();
  });

  it('a checked shape is not parsed again, and every written batch wakes the relay', () => {
    const { events, relay } = writer();
    insert(events).written([payload()]);
    // Same types, values the contract refuses: not parsed again (the columns hold their values' rules).
    expect(() => insert(events).written([payload({ usageCount: -1 })])).not.toThrow();
    expect(relay.kicks).toBe(2);
    insert(events).written([]);
    expect(relay.kicks).toBe(2);
  });
});

describe('shapeOf', () => {
  it('names every field with its JSON type, nested ones included, and null apart', () => {
    expect(shapeOf({ a: 1, b: 'x', c: null, d: true, e: { f: [1, 'y'] } })).toBe(
      '{a:f,b:s,c:n,d:b,e:{f:[f,s],},}',
    );
    expect(shapeOf({ a: 1 })).not.toBe(shapeOf({ a: '1' }));
    expect(shapeOf({ a: 1 })).not.toBe(shapeOf({ b: 1 }));
  });
});
