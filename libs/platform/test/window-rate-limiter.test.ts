import { WindowRateLimiter } from '@avpass/platform';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The Redis rate limiter's one-command hit (decision 349) against the real Redis.

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let redis: Redis;

beforeAll(() => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  await redis?.quit();
});

const key = () => `test:rate:${randomUUID()}`;

describe('fixed-window rate limits counted in Redis in one command', () => {
  it('counts every limit of a hit, refuses past a limit with the wait left, and a later hit does not extend the window', async () => {
    const limiter = new WindowRateLimiter(redis, new Logger('test'));
    const perCode = { key: key(), limit: 2, windowSeconds: 60 };
    const perPartner = { key: key(), limit: 10, windowSeconds: 300 };
    expect(await limiter.hit([perCode, perPartner])).toBeNull();
    expect(await redis.ttl(perCode.key)).toBeGreaterThan(55);
    // A window already running keeps its end (EXPIRE NX): shorten it, then hit again.
    await redis.expire(perCode.key, 30);
    expect(await limiter.hit([perCode, perPartner])).toBeNull();
    expect(await redis.ttl(perCode.key)).toBeLessThanOrEqual(30);
    const refused = await limiter.hit([perCode, perPartner]);
    expect(refused?.limit).toEqual(perCode);
    expect(refused?.retryAfter).toBeGreaterThan(0);
    expect(refused?.retryAfter).toBeLessThanOrEqual(30);
    // Every limit was counted, the one past included.
    expect(await redis.mget(perCode.key, perPartner.key)).toEqual(['3', '3']);
    expect(await redis.ttl(perPartner.key)).toBeGreaterThan(290);
  });

  it('a second limiter on the same client shares the script and the counts', async () => {
    const limit = { key: key(), limit: 1, windowSeconds: 60 };
    expect(await new WindowRateLimiter(redis, new Logger('a')).hit([limit])).toBeNull();
    expect((await new WindowRateLimiter(redis, new Logger('b')).hit([limit]))?.limit).toEqual(limit);
  });
});
