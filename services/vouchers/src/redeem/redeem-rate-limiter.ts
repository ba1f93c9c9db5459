import { DependencyOutageLog, DomainError, REDIS } from '@avpass/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { VouchersSettings } from '../settings';

/**
 * Redeem attempts per (client address, code) in a fixed window, counted in Redis so every instance
 * shares the count. Per code, so a shop redeeming many members' vouchers behind one address is not
 * blocked.
 *
 * When Redis cannot answer, the same limit is counted in this process instead (docs/decisions.md
 * "Redis down: the redeem limiter falls back to a local count"): redeems keep working at the till,
 * the limit still holds per instance, and an unreachable Redis never means "no limit".
 */
@Injectable()
export class RedeemRateLimiter {
  private readonly logger = new Logger('RedeemRateLimiter');
  private readonly outages = new DependencyOutageLog(this.logger);
  private readonly local = new LocalWindowCounter();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly settings: VouchersSettings,
  ) {}

  async check(ip: string | undefined, codeId: string): Promise<void> {
    const {
      REDEEM_RATE_LIMIT: limit,
      REDEEM_RATE_WINDOW_SECONDS: window,
      NATS_NAMESPACE,
    } = this.settings.config;
    const key = `${NATS_NAMESPACE}:vouchers:redeem-rate:${ip ?? 'unknown'}:${codeId}`;
    let count: number;
    let ttl: number | undefined;
    try {
      count = await this.countInRedis(key, window);
      this.outages.up('redis');
    } catch (error) {
      this.outages.down('redis', `${(error as Error).message}; counting redeem attempts in this process`);
      ({ count, ttl } = this.local.hit(key, window));
    }
    if (count <= limit) return;
    ttl ??= await this.redis.ttl(key).catch(() => window);
    const retryAfter = ttl > 0 ? ttl : window;
    throw new DomainError(
      'RATE_LIMITED',
      `Too many redeem attempts for this voucher. Please wait ${retryAfter} seconds and try again.`,
      undefined,
      retryAfter,
    );
  }

  /** One round trip on the hot path (a pipeline, not MULTI: EXPIRE NX is idempotent on its own). */
  private async countInRedis(key: string, window: number): Promise<number> {
    const result = await this.redis.pipeline().incr(key).expire(key, window, 'NX').exec();
    // exec() resolves even when its commands failed: each entry is [error, value].
    const [incrError, count] = result?.[0] ?? [new Error('no answer from Redis'), null];
    if (incrError) throw incrError;
    if (typeof count !== 'number') throw new Error(`unexpected INCR answer: ${String(count)}`);
    return count;
  }
}

/** A fixed-window counter in process memory, the fallback while Redis is away; prunes as it goes. */
export class LocalWindowCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, windowSeconds: number): { count: number; ttl: number } {
    const now = this.now();
    if (this.windows.size > 10_000) {
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
    }
    let entry = this.windows.get(key);
    if (!entry || entry.endsAt <= now) {
      entry = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, entry);
    }
    entry.count++;
    return { count: entry.count, ttl: Math.max(1, Math.ceil((entry.endsAt - now) / 1000)) };
  }
}
