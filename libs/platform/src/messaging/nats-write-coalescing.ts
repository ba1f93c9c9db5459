import type { NatsConnection } from 'nats';

/** The part of nats.js's ProtocolHandler (nats 2.29, lib/nats-base-client/protocol.js) this touches. */
interface ProtocolHandler {
  outbound: { length(): number; size(): number; fill(buf: Uint8Array, ...payloads: Uint8Array[]): void };
  pendingLimit: number;
  flushPending(): void;
  sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void;
}

const encoder = new TextEncoder();
const COALESCED = Symbol('avpass.nats.coalesced');

function protocolOf(nc: NatsConnection): ProtocolHandler | null {
  const protocol = (nc as unknown as { protocol?: Partial<ProtocolHandler> }).protocol;
  const fits =
    protocol &&
    typeof protocol.sendCommand === 'function' &&
    typeof protocol.flushPending === 'function' &&
    typeof protocol.pendingLimit === 'number' &&
    typeof protocol.outbound?.fill === 'function';
  return fits ? (protocol as ProtocolHandler) : null;
}

/**
 * Sends what a connection has to send once per turn of the event loop instead of once per callback.
 * nats.js writes its outbound buffer on the microtask after the first command: a gateway under load
 * that takes 30 requests in one poll of the event loop makes 30 socket writes (and the NATS server 30
 * reads) for 30 requests; a service answering them, 30 more. Flushed on `setImmediate` (the check
 * phase right after that poll) they are one write each, with no timer's delay: an idle connection's
 * command still goes out before the loop waits again. Past the library's own threshold (`pendingLimit`,
 * 32 KB) it still writes at once. Issue 40's profile put these writes at a sixth of the gateway's CPU.
 *
 * Returns whether the connection was changed: a nats.js whose handler no longer has this shape is left
 * as it is (its own flushing is correct, only slower), and a test pins the shape for the version we use.
 */
export function coalesceNatsWrites(nc: NatsConnection): boolean {
  const protocol = protocolOf(nc);
  if (!protocol) return false;
  const marked = protocol as ProtocolHandler & { [COALESCED]?: true };
  if (marked[COALESCED]) return true;
  marked[COALESCED] = true;
  protocol.sendCommand = function sendCommand(cmd, ...payloads) {
    const wasEmpty = this.outbound.length() === 0;
    this.outbound.fill(typeof cmd === 'string' ? encoder.encode(cmd) : cmd, ...payloads);
    if (wasEmpty) setImmediate(() => this.flushPending());
    else if (this.outbound.size() >= this.pendingLimit) this.flushPending();
  };
  return true;
}
