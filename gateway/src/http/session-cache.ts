import type { Actor } from '@avpass/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/**
 * The identity service's answer for a bearer token, kept SESSION_CACHE_MS (default 15 s: longer than a
 * screen's poll interval) for the polled GETs only (issue 28: an unchanged poll should cost almost
 * nothing, and resolving the session was most of it). Every other request asks the identity service;
 * any successful write other than a redeem forgets every kept answer, so a sign-out or password change
 * through this gateway applies at once (through another gateway replica: within SESSION_CACHE_MS).
 */
@Injectable()
export class SessionCache {
  private readonly entries = new Map<string, { at: number; actor: Actor }>();
  /** Raised by clear(): an answer asked for before a clear is not kept after it. */
  private generation = 0;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get(token: string, now = Date.now()): Actor | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now - entry.at < this.config.SESSION_CACHE_MS) return entry.actor;
    this.entries.delete(token);
    return undefined;
  }

  /** The current generation, to pass to set() once the identity service has answered. */
  get current(): number {
    return this.generation;
  }

  set(token: string, actor: Actor, askedAt: number, now = Date.now()): void {
    if (this.config.SESSION_CACHE_MS <= 0 || askedAt !== this.generation) return;
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(token, { at: now, actor });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
