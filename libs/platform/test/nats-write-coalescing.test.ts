import { connect, type NatsConnection } from 'nats';
import { afterEach, describe, expect, it } from 'vitest';
import { connectNats } from '@avpass/platform';
import { coalesceNatsWrites } from '../src/messaging/nats-write-coalescing';

// One write per turn of the event loop on a NATS connection (issue 40), against the real NATS server:
// the nats.js we install still has the handler this replaces, commands issued by separate callbacks
// of one turn leave in one write, in order, and a lone command on an idle connection still goes out.

const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const open: NatsConnection[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((nc) => nc.close()));
});

async function connection(coalesced: boolean): Promise<{ nc: NatsConnection; writes: () => number }> {
  const nc = await connect({ servers: NATS_URL, name: 'coalescing-test' });
  open.push(nc);
  if (coalesced) expect(coalesceNatsWrites(nc)).toBe(true);
  const transport = (nc as unknown as { protocol: { transport: { send(frame: Uint8Array): void } } }).protocol
    .transport;
  const send = transport.send.bind(transport);
  let count = 0;
  transport.send = (frame) => {
    count++;
    send(frame);
  };
  return { nc, writes: () => count };
}

/** `n` publishes, each from its own timer callback: one turn's timers phase, a microtask checkpoint after each. */
function publishFromTimers(nc: NatsConnection, subject: string, n: number): Promise<void> {
  return new Promise((resolve) => {
    for (let i = 0; i < n; i++) setTimeout(() => nc.publish(subject, String(i)), 0);
    setTimeout(resolve, 0);
  });
}

describe('coalesceNatsWrites', () => {
  it('fits the nats.js we install, and marks a connection once', async () => {
    const { nc } = await connection(true);
    expect(coalesceNatsWrites(nc)).toBe(true);
  });

  it('sends the commands of one turn of the event loop in one write, in order; without it, one write each', async () => {
    const subject = `coalescing.${process.pid}.${Date.now()}`;
    const listener = await connect({ servers: NATS_URL });
    open.push(listener);
    const received: string[] = [];
    const sub = listener.subscribe(subject, { callback: (_err, msg) => received.push(msg.string()) });
    await listener.flush();

    const plain = await connection(false);
    const before = plain.writes();
    await publishFromTimers(plain.nc, subject, 20);
    await plain.nc.flush();
    expect(plain.writes() - before).toBeGreaterThanOrEqual(20);

    const coalesced = await connection(true);
    const start = coalesced.writes();
    await publishFromTimers(coalesced.nc, subject, 20);
    await new Promise((resolve) => setImmediate(resolve));
    expect(coalesced.writes() - start).toBe(1);
    await coalesced.nc.flush();
    await listener.flush();
    await expect.poll(() => received.length).toBe(40);
    const ofSecond = received.slice(20);
    expect(ofSecond).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    sub.unsubscribe();
  });

  it('still sends a lone command at once: a request on an idle connection is answered', async () => {
    const subject = `coalescing.echo.${process.pid}.${Date.now()}`;
    const service = await connectNats({ url: NATS_URL, name: 'coalescing-echo' });
    open.push(service);
    service.subscribe(subject, { callback: (_err, msg) => msg.respond(msg.data) });
    await service.flush();
    const { nc } = await connection(true);
    const reply = await nc.request(subject, new TextEncoder().encode('ping'), { timeout: 2000 });
    expect(reply.string()).toBe('ping');
  });

  it('leaves a connection of another shape as it is', () => {
    expect(coalesceNatsWrites({} as NatsConnection)).toBe(false);
  });
});
