import { DomainError, REDIS } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { VouchersSettings } from '../settings';

/**
 * Redeem attempts per (client address, code) in a fixed window, counted in Redis so every instance
 * shares the count. Per code, so a shop redeeming many members' vouchers behind one address is not
 * blocked.
 */
@Injectable()
export class RedeemRateLimiter {
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
    // One round trip on the hot path (a pipeline, not MULTI: EXPIRE NX is idempotent on its own);
    // the TTL is asked for only when the answer is a refusal.
    const result = await this.redis.pipeline().incr(key).expire(key, window, 'NX').exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    if (count <= limit) return;
    const ttl = await this.redis.ttl(key);
    const retryAfter = ttl > 0 ? ttl : window;
    throw new DomainError(
      'RATE_LIMITED',
      `Too many redeem attempts for this voucher. Please wait ${retryAfter} seconds and try again.`,
      undefined,
      retryAfter,
    );
  }
}
