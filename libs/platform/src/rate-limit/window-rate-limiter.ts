import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DependencyOutageLog } from '../health/dependency-outage';

/** One limit: at most `limit` hits of `key` per fixed window of `windowSeconds`. */
export interface WindowLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** The first limit a hit went past, and how long until its window ends (seconds, at least 1). */
export interface WindowRefusal {
  limit: WindowLimit;
  retryAfter: number;
}

/**
 * Fixed-window counters in Redis, so every instance shares the count: the one rate limiter of the code
 * base (the public redeem per address and code, the till per staff member and per partner, the wallet's
 * device log per address). Several limits of one request are counted in one round trip (a pipeline, not
 * MULTI: EXPIRE NX is idempotent on its own). Every limit is counted, even once one is past: a client
 * that keeps knocking stays refused.
 *
 * When Redis cannot answer, the same limits are counted in this process instead (decision 40,
 * docs/decisions/0040-redis-down-the-redeem-limiter-falls-back-to-a-local-count.md): the limit still holds
 * per instance, and an unreachable Redis never means "no limit".
 */
export class WindowRateLimiter {
  private readonly outages: DependencyOutageLog;
  private readonly local = new LocalWindowCounter();

  constructor(
    private readonly redis: Redis,
    logger: Logger,
  ) {
    this.outages = new DependencyOutageLog(logger);
  }

  /** Counts one hit of every limit; the first one it went past (with its wait), or null. */
  async hit(limits: readonly WindowLimit[]): Promise<WindowRefusal | null> {
    if (!limits.length) return null;
    let counts: { count: number; ttl?: number }[];
    try {
      counts = await this.countInRedis(limits);
      this.outages.up('redis');
    } catch (error) {
      this.outages.down('redis', `${(error as Error).message}; counting rate limits in this process`);
      counts = limits.map((l) => this.local.hit(l.key, l.windowSeconds));
    }
    const past = limits.findIndex((l, i) => counts[i]!.count > l.limit);
    if (past === -1) return null;
    const limit = limits[past]!;
    const ttl = counts[past]!.ttl ?? (await this.redis.ttl(limit.key).catch(() => limit.windowSeconds));
    return { limit, retryAfter: ttl > 0 ? ttl : limit.windowSeconds };
  }

  private async countInRedis(limits: readonly WindowLimit[]): Promise<{ count: number }[]> {
    const redis = withHitWindows(this.redis);
    const counts = await redis.avpassHitWindows(
      limits.length,
      ...limits.map((l) => l.key),
      ...limits.map((l) => l.windowSeconds),
    );
    return limits.map((_, i) => {
      const count = counts?.[i];
      if (typeof count !== 'number') throw new Error(`unexpected INCR answer: ${String(count)}`);
      return { count };
    });
  }
}

/**
 * Every limit's INCR and EXPIRE NX (the window starts at its first hit; later hits do not extend it) as
 * ONE command, a script Redis runs by its SHA: one command to write, send and parse per request where a
 * pipeline of two per limit cost the redeem more than its own rules (decision 349). Atomic as a bonus.
 */
const HIT_WINDOWS_LUA = `local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[i], 'NX')
end
return counts`;

type HitWindows = Redis & {
  avpassHitWindows(numberOfKeys: number, ...keysThenWindows: (string | number)[]): Promise<number[]>;
};

/** The client with the script defined on it (once per client: defineCommand adds a method). */
function withHitWindows(redis: Redis): HitWindows {
  const client = redis as HitWindows;
  if (typeof client.avpassHitWindows !== 'function')
    client.defineCommand('avpassHitWindows', { lua: HIT_WINDOWS_LUA });
  return client;
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

/**
 * Calls in flight per key in this process, for limits that bound concurrency rather than rate (one
 * partner's burst must not hold every worker another partner's till is waiting for). `enter` answers
 * false when a key is full; every `true` must be matched by one `leave`.
 */
export class InFlightCounter {
  private readonly counts = new Map<string, number>();

  /** Takes a place under every `[key, most]` pair, or none when one is full. */
  enter(limits: readonly (readonly [key: string, most: number])[]): boolean {
    if (limits.some(([key, most]) => (this.counts.get(key) ?? 0) >= most)) return false;
    for (const [key] of limits) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    return true;
  }

  leave(keys: readonly string[]): void {
    for (const key of keys) {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    }
  }

  /** Calls in flight under `key` now. */
  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
