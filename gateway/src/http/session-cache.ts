import type { Actor } from '@avpass/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/**
 * The identity service's answer for a bearer token, kept SESSION_CACHE_MS (default 2 s) for the polled
 * GETs only (issue 28: an unchanged poll should cost almost nothing, and resolving the session was
 * half of it). Every other request asks the identity service; any successful write other than a redeem
 * forgets every kept answer, so a sign-out or password change through this gateway applies at once.
 */
@Injectable()
export class SessionCache {
  private readonly entries = new Map<string, { at: number; actor: Actor }>();

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get(token: string, now = Date.now()): Actor | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now - entry.at < this.config.SESSION_CACHE_MS) return entry.actor;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, actor: Actor, now = Date.now()): void {
    if (this.config.SESSION_CACHE_MS <= 0) return;
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(token, { at: now, actor });
  }

  clear(): void {
    this.entries.clear();
  }
}
