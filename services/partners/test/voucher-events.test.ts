import { todayInTimeZone } from '@avpass/domain';
import { RPC, type DomainEvent, type EventName, type EventPayload } from '@avpass/contracts';
import { eventStreamName, eventSubject } from '@avpass/platform';
import { waitFor } from '@avpass/platform/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startServices, type Services } from './support/services';

let s: Services;
let nc: NatsConnection;
beforeAll(async () => {
  s = await startServices();
  nc = await connect({ servers: s.env.NATS_URL! });
});
afterAll(async () => {
  await nc?.close();
  await s?.close();
});

const codec = JSONCodec<DomainEvent>();
/** Publishes an event exactly as the vouchers service's outbox relay does. */
async function publish<N extends EventName>(
  name: N,
  payload: EventPayload<N>,
  id = randomUUID(),
  occurredAt = new Date().toISOString(),
): Promise<string> {
  const event = { id, name, occurredAt, payload } as DomainEvent;
  await nc.jetstream().publish(eventSubject(s.env.NATS_NAMESPACE!, name), codec.encode(event), { msgID: id });
  return id;
}

/**
 * Waits until the partners consumer has acknowledged every event in the stream (an event is
 * acknowledged once its transaction committed): a positive signal that what was published is applied.
 */
async function partnersConsumerCaughtUp(): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const stream = eventStreamName(s.env.NATS_NAMESPACE!);
  await waitFor(
    async () => {
      const consumers = await jsm.consumers.list(stream).next();
      const ours = consumers.filter((c) => c.name.startsWith('partners__'));
      return ours.length > 0 && ours.every((c) => c.num_pending === 0 && c.num_ack_pending === 0);
    },
    { message: 'the partners consumer to acknowledge every published event' },
  );
}

// The read model as the events left it (the landing page's figures now come from the vouchers
// service's tallies: gateway/test/partner-assignment.test.ts), counted by the voucher status rule.
const countsOf = async (partnerId: string) => {
  const today = todayInTimeZone(new Date(), 'America/Los_Angeles');
  const { rows } = await s.sql.query(
    `select count(*)::int as "totalQrCodes",
            (count(*) filter (where is_active and usage_count < usage_limit
                                and (expiration_date is null or expiration_date >= $2::date)))::int as "activeOffers"
       from partners.partner_offer_stats where partner_id = $1 and removed_at is null`,
    [partnerId, today],
  );
  const row = rows[0] as { activeOffers: number; totalQrCodes: number };
  return { activeOffers: row.activeOffers, totalQrCodes: row.totalQrCodes };
};
const expectCounts = (partnerId: string, want: { activeOffers: number; totalQrCodes: number }) =>
  waitFor(async () => JSON.stringify(await countsOf(partnerId)) === JSON.stringify(want) || null, {
    message: `counts of ${partnerId} to become ${JSON.stringify(want)}`,
  });

describe('partner offer counters fed by voucher events', () => {
  it('counts assigned codes, and active ones by the voucher status rule', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Counted Partner' });
    const other = await s.call(RPC.partners.create, { name: 'Other Partner' });
    const code = (usageLimit: number, expirationDate: string | null = '2099-12-31') => ({
      qrCodeId: randomUUID(),
      expirationDate,
      usageCount: 0,
      usageLimit,
      isActive: true,
    });
    const a = code(2);
    const b = code(1, '2020-01-01'); // already expired
    const c = code(1);
    await publish('vouchers.voucher.created.v1', { ...a, partnerIds: [] });
    await publish('vouchers.voucher.assigned.v1', { ...a, partnerIds: [partner.id, other.id] });
    await publish('vouchers.voucher.assigned.v1', { ...b, partnerIds: [partner.id] });
    await publish('vouchers.voucher.assigned.v1', { ...c, partnerIds: [partner.id] });
    await expectCounts(partner.id, { activeOffers: 2, totalQrCodes: 3 });

    // c is used up: still a code, no longer an active offer. A stale, smaller count never lowers it.
    await publish('vouchers.voucher.redeemed.v1', {
      ...c,
      usageCount: 1,
      redemptionId: randomUUID(),
      redeemedAt: new Date().toISOString(),
    });
    await expectCounts(partner.id, { activeOffers: 1, totalQrCodes: 3 });
    await publish('vouchers.voucher.redeemed.v1', {
      ...c,
      usageCount: 0,
      redemptionId: randomUUID(),
      redeemedAt: new Date().toISOString(),
    });
    await publish('vouchers.voucher.unassigned.v1', { qrCodeId: b.qrCodeId, partnerIds: [partner.id] });
    await expectCounts(partner.id, { activeOffers: 1, totalQrCodes: 2 });

    // A redelivered event (same id) is applied once; deleting a code removes it everywhere.
    const id = randomUUID();
    await publish(
      'vouchers.voucher.deleted.v1',
      { qrCodeId: a.qrCodeId, partnerIds: [partner.id, other.id] },
      id,
    );
    await publish(
      'vouchers.voucher.deleted.v1',
      { qrCodeId: a.qrCodeId, partnerIds: [partner.id, other.id] },
      id,
    );
    await expectCounts(partner.id, { activeOffers: 0, totalQrCodes: 1 });
    await expectCounts(other.id, { activeOffers: 0, totalQrCodes: 0 });
  });

  it('an assignment applied after its own removal does not bring the code back', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Reordered Partner' });
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, 0, ms)).toISOString();
    const code = () => ({
      qrCodeId: randomUUID(),
      expirationDate: '2099-12-31',
      usageCount: 0,
      usageLimit: 5,
      isActive: true,
    });
    const unassignedFirst = code();
    const deletedFirst = code();
    const reassigned = code();
    // Removals (later in time) are applied before the assignments they undo.
    await publish(
      'vouchers.voucher.unassigned.v1',
      { qrCodeId: unassignedFirst.qrCodeId, partnerIds: [partner.id] },
      undefined,
      at(2),
    );
    await publish(
      'vouchers.voucher.assigned.v1',
      { ...unassignedFirst, partnerIds: [partner.id] },
      undefined,
      at(1),
    );
    await publish(
      'vouchers.voucher.deleted.v1',
      { qrCodeId: deletedFirst.qrCodeId, partnerIds: [partner.id] },
      undefined,
      at(2),
    );
    await publish(
      'vouchers.voucher.assigned.v1',
      { ...deletedFirst, partnerIds: [partner.id] },
      undefined,
      at(1),
    );
    // Assigned, removed, then assigned again: the newest assignment counts.
    await publish(
      'vouchers.voucher.assigned.v1',
      { ...reassigned, partnerIds: [partner.id] },
      undefined,
      at(1),
    );
    await publish(
      'vouchers.voucher.unassigned.v1',
      { qrCodeId: reassigned.qrCodeId, partnerIds: [partner.id] },
      undefined,
      at(2),
    );
    await publish(
      'vouchers.voucher.assigned.v1',
      { ...reassigned, partnerIds: [partner.id] },
      undefined,
      at(3),
    );
    await expectCounts(partner.id, { activeOffers: 1, totalQrCodes: 1 });
    // Once every one of the reordered events has been applied, the counts still stand.
    await partnersConsumerCaughtUp();
    await expectCounts(partner.id, { activeOffers: 1, totalQrCodes: 1 });
  });

  it('an event that cannot be applied does not hold up the events that arrived with it', async () => {
    const partner = await s.call(RPC.partners.create, { name: 'Batched Partner' });
    const code = (usageLimit: number) => ({
      qrCodeId: randomUUID(),
      expirationDate: '2099-12-31',
      usageCount: 0,
      usageLimit,
      isActive: true,
      partnerIds: [partner.id],
    });
    // Valid by the contract, but too large for the read model's integer column: the database refuses it.
    const poison = code(3_000_000_000);
    // Published back to back, so the consumer takes them as one batch.
    await Promise.all([
      publish('vouchers.voucher.assigned.v1', code(5)),
      publish('vouchers.voucher.assigned.v1', poison),
      publish('vouchers.voucher.assigned.v1', code(5)),
    ]);
    await expectCounts(partner.id, { activeOffers: 2, totalQrCodes: 2 });
  });
});
