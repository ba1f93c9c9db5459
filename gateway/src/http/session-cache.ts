import type { Actor, SessionRevocation } from '@avpass/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

interface Kept {
  actor: Actor;
  /** Until when it may be used: SESSION_CACHE_MS after the answer, never past the session's end. */
  until: number;
}

/**
 * The identity service's answers for bearer tokens, kept SESSION_CACHE_MS (default 15 s), never past the
 * session's end by its sign-in. A polled GET uses a kept answer as it is (issue 28: an unchanged poll
 * should cost almost nothing); any other request only once every revocation identity sent before the
 * request arrived has been applied here (auth/session-revocations.ts, decision 350). Identity's
 * revocations (sign-out, a user's deactivation, password or profile change, a partner's status) forget
 * the answers they name in every gateway; this gateway's own successful writes other than the till's and
 * redeems forget every kept answer too, and so does a lost connection to NATS.
 */
@Injectable()
export class SessionCache {
  private readonly entries = new Map<string, Kept>();
  /** Raised by clear() and revoke(): an answer asked for before either is not kept after it. */
  private generation = 0;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get(token: string, now = Date.now()): Actor | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now < entry.until) return entry.actor;
    this.entries.delete(token);
    return undefined;
  }

  /** The current generation, to pass to set() once the identity service has answered. */
  get current(): number {
    return this.generation;
  }

  /** Keeps identity's answer, unless a revocation or a clear came since it was asked for (`askedAt`). */
  set(token: string, actor: Actor, askedAt: number, endsAt = Infinity, now = Date.now()): void {
    if (this.config.SESSION_CACHE_MS <= 0 || askedAt !== this.generation) return;
    const until = Math.min(now + this.config.SESSION_CACHE_MS, endsAt);
    if (!(until > now)) return;
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(token, { actor, until });
  }

  /** Forgets the answers of these sessions, users and partners' staff (identity's revocation). */
  revoke(revocation: SessionRevocation): void {
    this.generation++;
    const sessions = new Set(revocation.sessionIds);
    const users = new Set(revocation.userIds);
    const companies = new Set(revocation.companyIds.map((id) => id.toLowerCase()));
    for (const [token, { actor }] of this.entries) {
      if (
        (actor.sessionId !== undefined && sessions.has(actor.sessionId)) ||
        users.has(actor.userId) ||
        (actor.companyId !== null && companies.has(actor.companyId.toLowerCase()))
      )
        this.entries.delete(token);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
