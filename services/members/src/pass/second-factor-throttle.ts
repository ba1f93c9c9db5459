import { secondFactorThrottledMessage } from '@avpass/contracts';
import { DomainError, REDIS, WindowRateLimiter } from '@avpass/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';

/**
 * The second factor of an Apple Wallet pass's static code (a date of birth, a phone's last 4 digits)
 * is a small secret: every try for one member is counted in Redis (the platform's WindowRateLimiter,
 * as the sign-in is), right or wrong, so a guess that happens to be right is refused like the others
 * once MEMBER_PASS_FACTOR_ATTEMPTS are used in the window: a 429 with Retry-After.
 */
@Injectable()
export class SecondFactorThrottle {
  private readonly limiter: WindowRateLimiter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
  ) {
    this.limiter = new WindowRateLimiter(redis, new Logger('SecondFactorThrottle'));
  }

  async countTry(memberId: string): Promise<void> {
    const refused = await this.limiter.hit([
      {
        key: `${this.config.NATS_NAMESPACE}:members:pass-factor:${memberId}`,
        limit: this.config.MEMBER_PASS_FACTOR_ATTEMPTS,
        windowSeconds: this.config.MEMBER_PASS_FACTOR_WINDOW_SECONDS,
      },
    ]);
    if (!refused) return;
    const minutes = Math.max(1, Math.ceil(refused.retryAfter / 60));
    throw new DomainError(
      'RATE_LIMITED',
      secondFactorThrottledMessage(minutes),
      undefined,
      refused.retryAfter,
    );
  }
}
