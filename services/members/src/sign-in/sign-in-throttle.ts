import { addressBucket, DomainError, REDIS, WindowRateLimiter, type WindowLimit } from '@avpass/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';

/**
 * The member sign-in's throttle (decision 330), counted in Redis by the platform's WindowRateLimiter
 * (in this process while Redis is away). Per client address and per e-mail or phone asked for, member
 * or not — a 429 with Retry-After that says nothing about membership; per member, silently (the answer
 * is the same 202, nothing more is sent), so the member count never tells a member from a stranger.
 */
@Injectable()
export class SignInThrottle {
  private readonly limiter: WindowRateLimiter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
  ) {
    this.limiter = new WindowRateLimiter(redis, new Logger('SignInThrottle'));
  }

  private limit(scope: string, id: string, limit: number): WindowLimit {
    return {
      key: `${this.config.NATS_NAMESPACE}:members:sign-in:${scope}:${id}`,
      limit,
      windowSeconds: this.config.MEMBER_SIGN_IN_WINDOW_SECONDS,
    };
  }

  /** A link or code asked for `target` (the e-mail or E.164 phone) from `ip`; a 429 past either limit. */
  async countRequest(ip: string | undefined, target: string): Promise<void> {
    const hashed = createHash('sha256').update(target).digest('base64url').slice(0, 22);
    await this.refuse(
      await this.limiter.hit([
        this.limit('address', addressBucket(ip), this.config.MEMBER_SIGN_IN_PER_ADDRESS),
        this.limit('target', hashed, this.config.MEMBER_SIGN_IN_PER_TARGET),
      ]),
    );
  }

  /** A verification from `ip` (a link opened or a code typed): a 429 past the address's limit. */
  async countVerification(ip: string | undefined): Promise<void> {
    await this.refuse(
      await this.limiter.hit([
        this.limit('verify-address', addressBucket(ip), this.config.MEMBER_SIGN_IN_PER_ADDRESS),
      ]),
    );
  }

  /** Whether one more message may go to this member in the window (false: answer, send nothing). */
  async mayMessage(memberId: string): Promise<boolean> {
    const refused = await this.limiter.hit([
      this.limit('member', memberId, this.config.MEMBER_SIGN_IN_PER_MEMBER),
    ]);
    return refused === null;
  }

  private async refuse(refused: { retryAfter: number } | null): Promise<void> {
    if (!refused) return;
    const minutes = Math.max(1, Math.ceil(refused.retryAfter / 60));
    throw new DomainError(
      'RATE_LIMITED',
      `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      refused.retryAfter,
    );
  }
}
