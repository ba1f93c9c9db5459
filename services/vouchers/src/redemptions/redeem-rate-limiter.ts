import { DomainError, REDIS, WindowRateLimiter } from '@avpass/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { VouchersSettings } from '../settings';

/**
 * Redeem attempts per (client address, code) in a fixed window, counted by the platform's
 * WindowRateLimiter (Redis, shared by every instance; in this process while Redis is away). Per code,
 * so a shop redeeming many members' vouchers behind one address is not blocked.
 */
@Injectable()
export class RedeemRateLimiter {
  private readonly limiter: WindowRateLimiter;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly settings: VouchersSettings,
  ) {
    this.limiter = new WindowRateLimiter(redis, new Logger('RedeemRateLimiter'));
  }

  async countAttempt(ip: string | undefined, codeId: string): Promise<void> {
    const {
      REDEEM_RATE_LIMIT: limit,
      REDEEM_RATE_WINDOW_SECONDS: windowSeconds,
      NATS_NAMESPACE,
    } = this.settings.config;
    const key = `${NATS_NAMESPACE}:vouchers:redeem-rate:${ip ?? 'unknown'}:${codeId}`;
    const refused = await this.limiter.hit([{ key, limit, windowSeconds }]);
    if (!refused) return;
    throw new DomainError(
      'RATE_LIMITED',
      `Too many redeem attempts for this voucher. Please wait ${refused.retryAfter} seconds and try again.`,
      undefined,
      refused.retryAfter,
    );
  }
}
