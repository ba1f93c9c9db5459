import { DomainError, exportMetrics, loginLockoutsTotal, REDIS } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/**
 * Counts failed sign-ins per username and per address in Redis; past the limit, further attempts are
 * refused with 429 until the window ends. A success clears the username's count.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    exportMetrics(loginLockoutsTotal);
  }

  private keys(username: string, ip: string | undefined) {
    const ns = this.config.NATS_NAMESPACE;
    return {
      user: `${ns}:login-failures:user:${username.trim().toLowerCase()}`,
      ip: ip ? `${ns}:login-failures:ip:${ip}` : null,
    };
  }

  async assertAllowed(username: string, ip: string | undefined): Promise<void> {
    const { user, ip: ipKey } = this.keys(username, ip);
    const [userCount, ipCount] = await Promise.all([
      this.redis.get(user),
      ipKey ? this.redis.get(ipKey) : null,
    ]);
    const blockedKey =
      Number(userCount ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_USERNAME
        ? user
        : ipKey && Number(ipCount ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_ADDRESS
          ? ipKey
          : null;
    if (!blockedKey) return;
    loginLockoutsTotal.inc();
    const ttl = Math.max(1, await this.redis.ttl(blockedKey));
    const minutes = Math.ceil(ttl / 60);
    throw new DomainError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      ttl,
    );
  }

  async recordFailure(username: string, ip: string | undefined): Promise<void> {
    const { user, ip: ipKey } = this.keys(username, ip);
    const window = this.config.LOGIN_LOCKOUT_SECONDS;
    const tx = this.redis.multi().incr(user).expire(user, window, 'NX');
    if (ipKey) tx.incr(ipKey).expire(ipKey, window, 'NX');
    await tx.exec();
  }

  async recordSuccess(username: string): Promise<void> {
    await this.redis.del(this.keys(username, undefined).user);
  }
}
