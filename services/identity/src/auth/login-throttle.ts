import {
  addressBucket,
  DomainError,
  exportMetrics,
  loginAccountAttacksTotal,
  loginLockoutsTotal,
  REDIS,
  type LoginThrottleReason,
} from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CLOCK, type Clock } from '../clock';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/**
 * One sign-in attempt's place in the counts, taken before the password is checked. Exactly one of
 * `failed`, `succeeded` or `abandoned` must follow.
 */
export interface LoginAttempt {
  /** The password was wrong (or the user unknown): the counts stay raised. */
  failed(): Promise<void>;
  /** The right password: this pair's (or device's) failures are forgotten. */
  succeeded(): Promise<void>;
  /** Decided by something else (deactivated account, an outage): the attempt does not count. */
  abandoned(): Promise<void>;
}

interface CheckedKey {
  key: string;
  reason: LoginThrottleReason;
  /** Failures allowed before attempts must wait. */
  free: number;
  /** The same while the account is under attack. */
  freeUnderAttack: number;
  /** How long after its last failure this count is forgotten (ms). */
  memoryMs: number;
}

/**
 * Checks every key atomically and, when none makes the attempt wait, counts it as a failure in each
 * (so concurrent attempts cannot slip through one free slot); the caller then forgets or undoes it.
 *
 * KEYS[1]: the account's count (never checked: only a signal); KEYS[2..]: the checked counts.
 * ARGV: now (ms), the signal's memory (ms), base delay (ms), max delay (ms), the account's attack
 * threshold, the index of the account-wide budget among the checked keys (0: none), then for each
 * checked key: its free failures, the same while the account is under attack, and its memory (ms).
 * Each count is a hash {n: failures, t: last failure (ms)}, forgotten `memory` after `t`; the budget's
 * also holds {e: when its current episode began (ms)} once it was reached.
 * Answers {index of the checked key that blocks (1-based) or 0, wait (ms), failures when this attempt
 * found the budget reached for the first time in its episode, else 0}.
 */
const CLAIM = `
local now = tonumber(ARGV[1])
local base = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
local attack = tonumber(ARGV[5])
local budget = tonumber(ARGV[6])
local function count(key, memory)
  local v = redis.call('HMGET', key, 'n', 't', 'e')
  local n = tonumber(v[1]) or 0
  local t = tonumber(v[2]) or 0
  local e = tonumber(v[3]) or 0
  if now - t >= memory then
    if n > 0 or e > 0 then redis.call('DEL', key) end
    return 0, 0, 0
  end
  return n, t, e
end
local underAttack = count(KEYS[1], tonumber(ARGV[2])) >= attack
local blocking, longest, raised = 0, 0, 0
for i = 2, #KEYS do
  local at = 7 + 3 * (i - 2)
  local n, t, e = count(KEYS[i], tonumber(ARGV[at + 2]))
  local free = tonumber(ARGV[at])
  if underAttack then free = tonumber(ARGV[at + 1]) end
  if n >= free then
    if i - 1 == budget and e == 0 then
      redis.call('HSET', KEYS[i], 'e', now)
      raised = n
    end
    local left = t + math.min(cap, base * 2 ^ (n - free)) - now
    if left > longest then blocking, longest = i - 1, left end
  end
end
if blocking > 0 then return {blocking, math.ceil(longest), raised} end
for i = 1, #KEYS do
  local memory = tonumber(ARGV[2])
  if i > 1 then memory = tonumber(ARGV[7 + 3 * (i - 2) + 2]) end
  local n = count(KEYS[i], memory)
  redis.call('HSET', KEYS[i], 'n', n + 1, 't', now)
  redis.call('PEXPIRE', KEYS[i], memory)
end
return {0, 0, raised}
`;

/** Takes back one counted failure (the attempt did not fail), keeping the time of the last one. */
const UNCOUNT = `
for i = 1, #KEYS do
  local n = tonumber(redis.call('HGET', KEYS[i], 'n'))
  if n and n > 0 then redis.call('HSET', KEYS[i], 'n', n - 1) end
end
return 0
`;

/**
 * The sign-in throttle (OWASP ASVS 2.2.1, NIST SP 800-63B 5.2.2), in Redis. It never refuses the right
 * password outright from a browser the user signed in on before, so knowing a username (the
 * administrator's is `admin`) is not a switch that keeps its owner out:
 *
 * - failures are counted per account: the user the typed username or e-mail names (either finds the
 *   same counts), or the typed name itself, normalised, when no user has it;
 * - per (account, address) and per address; past LOGIN_FREE_FAILURES (and the much higher
 *   LOGIN_FREE_FAILURES_PER_ADDRESS, for offices behind one NAT), each further attempt must wait a
 *   delay that doubles with every failure, up to LOGIN_MAX_DELAY_SECONDS; one too early is answered
 *   429 with Retry-After (nothing sleeps here, and no password is checked). A success forgets its
 *   pair's failures;
 * - per account from every untrusted source together (the account-wide budget): past
 *   LOGIN_ACCOUNT_FREE_FAILURES failures, none an hour (LOGIN_ACCOUNT_FAILURE_MEMORY_SECONDS) after the
 *   one before, every attempt without a trusted device waits the same doubling delay, so many
 *   addresses guess no faster than one; the first attempt that finds the budget spent reports an
 *   attack (once per episode);
 * - the account's count from everywhere (devices too) is also a signal: past
 *   LOGIN_USERNAME_ATTACK_FAILURES each new address gets one free failure for it instead of five;
 * - a browser on which the user signed in before (a device cookie the gateway verified) is exempt from
 *   all of these, and counted on its own instead, so a stolen cookie is throttled like an address.
 *
 * IPv6 addresses are counted per /64, the block one subscriber usually holds.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    exportMetrics(loginLockoutsTotal, loginAccountAttacksTotal);
  }

  private key(kind: string, id: string): string {
    return `${this.config.NATS_NAMESPACE}:login-throttle:${kind}:${id}`;
  }

  /** The accounts that reached their budget, by user id, newest failure last (scores: last report). */
  private get attackedKey(): string {
    return this.key('attacked', 'users');
  }

  /**
   * Counts a sign-in attempt against `account` from `ip`, or from the trusted device `deviceId`, or
   * refuses it with 429 when it comes too early. `onAttack` hears of the first attempt against a known
   * user that finds its account-wide budget spent (with the failures counted so far), blocked or not.
   */
  async begin(
    account: LoginAccount,
    ip: string | undefined,
    deviceId: string | null,
    onAttack?: (failures: number) => Promise<void>,
  ): Promise<LoginAttempt> {
    const subject = accountSubject(account);
    const address = addressBucket(ip);
    const free = this.config.LOGIN_FREE_FAILURES;
    const memoryMs = this.config.LOGIN_FAILURE_MEMORY_SECONDS * 1000;
    const signal = this.key('account', subject);
    const checked: CheckedKey[] = deviceId
      ? [{ key: this.key('device', deviceId), reason: 'device', free, freeUnderAttack: free, memoryMs }]
      : [
          {
            key: this.key('pair', `${address}|${subject}`),
            reason: 'username_address',
            free,
            freeUnderAttack: Math.min(free, 1),
            memoryMs,
          },
          {
            key: this.budgetKey(subject),
            reason: 'account',
            free: this.config.LOGIN_ACCOUNT_FREE_FAILURES,
            freeUnderAttack: this.config.LOGIN_ACCOUNT_FREE_FAILURES,
            memoryMs: this.config.LOGIN_ACCOUNT_FAILURE_MEMORY_SECONDS * 1000,
          },
          ...(ip
            ? [
                {
                  key: this.key('address', address),
                  reason: 'address' as const,
                  free: this.config.LOGIN_FREE_FAILURES_PER_ADDRESS,
                  freeUnderAttack: this.config.LOGIN_FREE_FAILURES_PER_ADDRESS,
                  memoryMs,
                },
              ]
            : []),
        ];
    const now = this.clock().getTime();
    const [blocking, waitMs, raised] = (await this.redis.eval(
      CLAIM,
      1 + checked.length,
      signal,
      ...checked.map((c) => c.key),
      now,
      memoryMs,
      this.config.LOGIN_DELAY_BASE_SECONDS * 1000,
      this.config.LOGIN_MAX_DELAY_SECONDS * 1000,
      this.config.LOGIN_USERNAME_ATTACK_FAILURES,
      checked.findIndex((c) => c.reason === 'account') + 1,
      ...checked.flatMap((c) => [c.free, c.freeUnderAttack, c.memoryMs]),
    )) as [number, number, number];
    if (raised > 0 && account.userId) {
      loginAccountAttacksTotal.inc();
      await this.redis.zadd(this.attackedKey, now, account.userId);
      await onAttack?.(raised);
    }
    if (blocking > 0) {
      const reason = checked[blocking - 1]!.reason;
      loginLockoutsTotal.inc({ reason });
      throw new SignInThrottled(Math.max(1, Math.ceil(waitMs / 1000)), reason);
    }

    // The pair's (or the device's) count is forgotten on success; the account's and the address's
    // only lose this attempt, so a user with one good password cannot reset an address's count, nor
    // end an attack on their account by signing in once.
    const forgotten = checked.filter((c) => c.reason === 'username_address' || c.reason === 'device');
    const kept = [signal, ...checked.filter((c) => !forgotten.includes(c)).map((c) => c.key)];
    const all = [signal, ...checked.map((c) => c.key)];
    return {
      failed: async () => undefined,
      succeeded: async () => {
        await this.redis
          .multi()
          .del(...forgotten.map((c) => c.key))
          .eval(UNCOUNT, kept.length, ...kept)
          .exec();
      },
      abandoned: async () => {
        await this.redis.eval(UNCOUNT, all.length, ...all);
      },
    };
  }

  private budgetKey(subject: string): string {
    return this.key('budget', subject);
  }

  /**
   * The known accounts whose account-wide budget is spent now (the administrator's dashboard polls
   * this): user id, failures counted, when the episode began and when the last failure was. Ended
   * episodes are dropped from the index on the way.
   */
  async accountsUnderAttack(): Promise<AccountUnderAttack[]> {
    const now = this.clock().getTime();
    const memoryMs = this.config.LOGIN_ACCOUNT_FAILURE_MEMORY_SECONDS * 1000;
    const userIds = await this.redis.zrevrange(this.attackedKey, 0, MAX_LISTED_ATTACKS - 1);
    if (userIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const userId of userIds) pipeline.hmget(this.budgetKey(accountSubject({ userId })), 'n', 't', 'e');
    const counts = (await pipeline.exec()) ?? [];
    const found: AccountUnderAttack[] = [];
    const ended: string[] = [];
    userIds.forEach((userId, i) => {
      const [n, t, e] = ((counts[i]?.[1] as (string | null)[] | undefined) ?? []).map(Number);
      if (!e || !t || now - t >= memoryMs) ended.push(userId);
      else found.push({ userId, failures: n ?? 0, since: new Date(e), lastFailure: new Date(t) });
    });
    if (ended.length) await this.redis.zrem(this.attackedKey, ...ended);
    return found;
  }
}

/** Whom an attempt is counted against: the user it names, or (unknown) the name as typed. */
export type LoginAccount = { userId: string } | { userId: null; typed: string };

/** An account whose budget is spent, for the administrator. */
export interface AccountUnderAttack {
  userId: string;
  failures: number;
  since: Date;
  lastFailure: Date;
}

/** More are not shown on a dashboard (and the index is trimmed as episodes end). */
const MAX_LISTED_ATTACKS = 20;

/** A known user's counts by id (its username and its e-mail find the same), else the typed name's. */
export function accountSubject(account: LoginAccount): string {
  return account.userId !== null
    ? `user:${account.userId}`
    : `name:${account.typed.trim().toLowerCase().slice(0, 254)}`;
}

/** 429 with Retry-After, in words (seconds under a minute, whole minutes above), and the count that made it wait. */
export class SignInThrottled extends DomainError {
  constructor(
    seconds: number,
    readonly reason: LoginThrottleReason,
  ) {
    const wait =
      seconds < 60
        ? `${seconds} second${seconds === 1 ? '' : 's'}`
        : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
    super('RATE_LIMITED', `Too many failed sign-in attempts. Try again in ${wait}.`, undefined, seconds);
  }
}
