import { sessionRevocationSchema, sessionRevocationsSubject } from '@avpass/contracts';
import { connectNats } from '@avpass/platform';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Events, type NatsConnection } from 'nats';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { SessionCache } from '../http/session-cache';

/**
 * Identity's session revocations, applied to this gateway's SessionCache (decision 350). Identity
 * publishes one after its change committed and flushes it to the NATS server before it answers, so a
 * request sent after that answer arrives here after the revocation reached the server. `confirmed()`
 * makes that hold for this process too: a round trip (PING/PONG) on the connection that receives the
 * revocations, whose PONG the server sends after everything it had queued for this connection, which a
 * callback subscription applies as it reads it. A lost connection forgets every kept answer; until the
 * subscription is back, only polls may use a kept one.
 */
@Injectable()
export class SessionRevocations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SessionRevocations');
  private nc: NatsConnection | null = null;
  /** Subscribed and connected: a PONG then vouches for every revocation sent before its PING. */
  private live = false;
  /** The PING not yet written, which every request asking now shares (roundTrip). */
  private nextRoundTrip: Promise<void> | null = null;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: SessionCache,
  ) {}

  async onModuleInit(): Promise<void> {
    const nc = await connectNats({ url: this.config.NATS_URL, name: 'gateway-session-revocations' });
    this.nc = nc;
    nc.subscribe(sessionRevocationsSubject(this.config.NATS_NAMESPACE), {
      callback: (error, message) => {
        if (error) return this.lost(`subscription: ${error.message}`);
        const parsed = sessionRevocationSchema.safeParse(safeJson(message.data));
        // Unreadable: something was revoked, so nothing kept is trusted.
        if (parsed.success) this.sessions.revoke(parsed.data);
        else this.sessions.clear();
      },
    });
    await nc.flush(); // the server has the subscription: revocations from now on reach it
    this.live = true;
    void this.watch(nc);
  }

  async onApplicationShutdown(): Promise<void> {
    this.live = false;
    await this.nc?.close().catch(() => undefined);
  }

  /**
   * Whether every revocation published before this call has been applied: false (ask identity) when
   * the connection is not live or the round trip fails.
   */
  async confirmed(): Promise<boolean> {
    if (!this.live || !this.nc) return false;
    try {
      await this.roundTrip(this.nc);
      return this.live;
    } catch {
      return false;
    }
  }

  /**
   * One PING for every request asking during this turn of the event loop: it is written at the turn's
   * end (setImmediate), after each of them asked, so its PONG vouches for all of them. One PING per
   * request was 11 % of the till's gateway CPU.
   */
  private roundTrip(nc: NatsConnection): Promise<void> {
    this.nextRoundTrip ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.nextRoundTrip = null; // asked from now on: the next PING
      return nc.flush();
    });
    return this.nextRoundTrip;
  }

  private lost(reason: string): void {
    if (this.live) this.logger.warn(`session revocations interrupted (${reason}): kept sessions forgotten`);
    this.live = false;
    this.sessions.clear();
  }

  /** Revocations missed while disconnected are unknown: forget everything, on the way down and back up. */
  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect || status.type === Events.Error) this.lost(status.type);
      else if (status.type === Events.Reconnect) {
        this.sessions.clear();
        // The client resubscribes on reconnect; once the server has that, revocations reach us again.
        await nc
          .flush()
          .then(() => {
            this.sessions.clear();
            this.live = true;
          })
          .catch(() => this.lost('reconnect'));
      }
    }
  }
}

const utf8 = new TextDecoder();

function safeJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(data));
  } catch {
    return null;
  }
}
