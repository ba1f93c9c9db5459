import { RPC } from '@avpass/contracts';
import { eventStreamName, eventSubject } from '@avpass/platform';
import { TcpProxy, waitFor } from '@avpass/platform/testing';
import { connect } from 'nats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServices, type Services } from './support/services';

const EVENT = 'partners.partner.deleted.v1';

let s: Services;
let proxy: TcpProxy;
beforeAll(async () => {
  const nats = new URL(process.env.NATS_URL ?? 'nats://127.0.0.1:4222');
  proxy = new TcpProxy(nats.hostname, Number(nats.port || 4222));
  const port = await proxy.start();
  // Only the partners relay goes through the proxy; RPC and identity's consumer talk to NATS directly.
  s = await startServices({ EVENTS_NATS_URL: `nats://127.0.0.1:${port}` });
});
afterAll(async () => {
  await s?.close();
  await proxy?.stop();
});

const count = async (query: string, params: unknown[] = []) =>
  Number((await s.sql.query(query, params)).rows[0].count);

it('an event committed while NATS is unreachable is delivered once, after it returns', async () => {
  const partners: { id: string; userId: string }[] = [];
  for (const n of [1, 2, 3]) {
    const vendor = await s.call(RPC.partners.create, { name: `Outage Partner ${n}` });
    const user = await s.call(RPC.partners.createUser, {
      partnerId: vendor.id,
      username: `outage-staff-${n}`,
      password: 'staff-password',
    });
    await s.call(
      RPC.identity.companyLogin,
      { username: `outage-staff-${n}`, password: 'staff-password' },
      null,
    );
    partners.push({ id: vendor.id, userId: user.id });
  }
  const userIds = partners.map((p) => p.userId);
  const activeUsers = () =>
    count('select count(*) from identity.users where id = any($1) and is_active', [userIds]);
  const sessions = () => count('select count(*) from identity.sessions where user_id = any($1)', [userIds]);
  expect(await activeUsers()).toBe(3);
  expect(await sessions()).toBe(3);

  proxy.cut();
  for (const p of partners) await s.call(RPC.partners.remove, { id: p.id });
  // The deletes committed; their events wait in the outbox.
  expect(
    await count(
      `select count(*) from partners.outbox_events where name = '${EVENT}' and published_at is null`,
    ),
  ).toBe(3);
  // Rather than waiting a while: wait for one whole publish attempt of the relay to have failed. The
  // relay claims the rows (FOR UPDATE SKIP LOCKED, so a probe that skips locked rows sees none) for
  // as long as it tries to publish them, then lets them go unpublished.
  const unclaimed = async () =>
    (
      await s.sql.query(
        `select id from partners.outbox_events where name = '${EVENT}' and published_at is null
          for update skip locked`,
      )
    ).rowCount;
  await waitFor(async () => (await unclaimed()) === 0, {
    intervalMs: 10,
    message: 'the relay did not try to publish the waiting events',
  });
  await waitFor(async () => (await unclaimed()) === 3, {
    intervalMs: 10,
    message: 'the relay did not give up its failed publish attempt',
  });
  expect(await activeUsers()).toBe(3);
  expect(await sessions()).toBe(3);

  proxy.restore();
  await waitFor(async () => (await activeUsers()) === 0 && (await sessions()) === 0, {
    timeoutMs: 30_000,
    message: 'the deleted partners’ users were not deactivated after NATS came back',
  });

  // A publish that timed out during the outage may still have reached the stream when the link came
  // back; the relay retries it and JetStream drops the copy by its message id.
  await waitFor(
    async () =>
      (await count(
        `select count(*) from partners.outbox_events where name = '${EVENT}' and published_at is null`,
      )) === 0,
    {
      timeoutMs: 30_000,
      message: 'the outbox rows were not marked published',
    },
  );
  expect(await count(`select count(*) from partners.outbox_events where name = '${EVENT}'`)).toBe(3);
  expect(await count(`select count(*) from identity.processed_events where consumer = 'identity'`)).toBe(3);
  const nc = await connect({ servers: s.env.NATS_URL! });
  try {
    const subject = eventSubject(s.env.NATS_NAMESPACE!, EVENT);
    const info = await (
      await nc.jetstreamManager()
    ).streams.info(eventStreamName(s.env.NATS_NAMESPACE!), {
      subjects_filter: subject,
    });
    // Only this event's subject: the stream also carries the audit entries (audit.entry.recorded.v1).
    expect(info.state.subjects).toEqual({ [subject]: 3 });
  } finally {
    await nc.close();
  }
});
