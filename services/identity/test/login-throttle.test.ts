import { RPC, type AuthResponse, type TrustedDevice } from '@avpass/contracts';
import { loginLockoutsTotal } from '@avpass/platform';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, refusal, startIdentity, type IdentityServices } from './support/services';

/**
 * The sign-in throttle (issue 22 #8): slow repeated failures down per (username, address), per address
 * and per trusted device; never hand whoever knows a username the switch that keeps its owner out.
 * The service's clock is moved instead of sleeping through the waits.
 */
const PASSWORD = 'staff-password';
const MINUTE = 60_000;

let s: IdentityServices;
let adminId: string;
beforeAll(async () => {
  s = await startIdentity({
    LOGIN_FREE_FAILURES: '3',
    LOGIN_FREE_FAILURES_PER_ADDRESS: '20',
    LOGIN_USERNAME_ATTACK_FAILURES: '12',
    LOGIN_DELAY_BASE_SECONDS: '60',
    LOGIN_MAX_DELAY_SECONDS: '900',
  });
  adminId = (await login(ADMIN.username, ADMIN.password, '198.18.0.1')).user.id;
});
afterAll(async () => s?.close());
afterEach(() => s.clock.set(null));

let addresses = 0;
/** A fresh address for each use, so tests do not share counts. */
const address = () => `10.${Math.floor(++addresses / 250)}.${addresses % 250}.${1 + (addresses % 7)}`;

function login(
  username: string,
  password: string,
  ip: string,
  devices?: TrustedDevice[],
): Promise<AuthResponse> {
  return s.rpc.call(
    RPC.identity.login,
    { username, password },
    { requestId: randomUUID(), ip, ...(devices ? { devices } : {}) },
  );
}

async function portalUser(name: string) {
  const user = await s.call(RPC.identity.createPortalUser, {
    companyId: randomUUID(),
    user: { username: `${name}-staff`, email: `${name}@example.com`, password: PASSWORD },
  });
  return { ...user, username: `${name}-staff` };
}

/** A device cookie's content as the gateway passes it on, once verified. */
const device = (userId: string): TrustedDevice => ({
  userId,
  deviceId: randomBytes(16).toString('base64url'),
});

const lockouts = async (reason: string): Promise<number> =>
  (await loginLockoutsTotal.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

/** Fails once more for `username` from `ip`, first moving the clock past any wait. */
async function failAfterWait(username: string, ip: string, devices?: TrustedDevice[]) {
  s.clock.advance(15 * MINUTE);
  expect((await refusal(login(username, 'wrong-guess', ip, devices))).code).toBe('UNAUTHENTICATED');
}

describe('a username under attack', () => {
  it('five, then fifty, wrong passwords for admin from one address do not stop the right password from a device it signed in on before, nor from another address', async () => {
    const attacker = address();
    const office = device(adminId);
    s.clock.set(new Date());
    for (let i = 0; i < 5; i++) await failAfterWait(ADMIN.username, attacker);
    expect((await login(ADMIN.username, ADMIN.password, attacker, [office])).role).toBe('super_admin');
    expect((await login(ADMIN.username, ADMIN.password, address())).role).toBe('super_admin');

    for (let i = 0; i < 45; i++) await failAfterWait(ADMIN.username, attacker);
    // The attacker's own address must wait; the administrator's browser, even behind the same address
    // (one NAT), and the administrator from anywhere else, sign in at once.
    expect((await refusal(login(ADMIN.username, ADMIN.password, attacker))).code).toBe('RATE_LIMITED');
    expect((await login(ADMIN.username, ADMIN.password, attacker, [office])).role).toBe('super_admin');
    expect((await login(ADMIN.username, ADMIN.password, address())).role).toBe('super_admin');
  });

  it("another user's device cookie does not exempt an attempt", async () => {
    const user = await portalUser('cookie-owner');
    const attacker = address();
    const theirs = device(user.id);
    s.clock.set(new Date());
    for (let i = 0; i < 3; i++) await failAfterWait(ADMIN.username, attacker, [theirs]);
    const refused = await refusal(login(ADMIN.username, ADMIN.password, attacker, [theirs]));
    expect(refused.code).toBe('RATE_LIMITED');
  });

  it('past LOGIN_USERNAME_ATTACK_FAILURES from everywhere, each new address gets one free failure, and the right password still signs in', async () => {
    const user = await portalUser('under-attack');
    s.clock.set(new Date());
    for (let i = 0; i < 12; i++)
      expect((await refusal(login(user.username, 'spray', address()))).code).toBe('UNAUTHENTICATED');
    const fresh = address();
    expect((await refusal(login(user.username, 'typo', fresh))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(login(user.username, PASSWORD, fresh))).code).toBe('RATE_LIMITED');
    expect((await login(user.username, PASSWORD, address())).role).toBe('company_admin');
  });
});

describe('progressive delays', () => {
  it("the attacker's own address waits longer after each failure (429 with Retry-After, up to the cap), and the right password passes once the wait is over", async () => {
    const user = await portalUser('progressive');
    const ip = address();
    s.clock.set(new Date());
    for (let i = 0; i < 3; i++)
      expect((await refusal(login(user.username, 'bad', ip))).code).toBe('UNAUTHENTICATED');

    const waits: number[] = [];
    for (const expected of [60, 120, 240, 480, 900, 900]) {
      const early = await refusal(login(user.username, 'bad', ip));
      expect(early.code).toBe('RATE_LIMITED');
      expect(early.retryAfter).toBe(expected);
      waits.push(early.retryAfter!);
      s.clock.advance(expected * 1000 - 1000);
      // One second before the end: still waiting, and the message says so in seconds.
      const almost = await refusal(login(user.username, PASSWORD, ip));
      expect(almost.message).toBe('Too many failed sign-in attempts. Try again in 1 second.');
      expect(almost.retryAfter).toBe(1);
      s.clock.advance(1000);
      expect((await refusal(login(user.username, 'bad', ip))).code).toBe('UNAUTHENTICATED');
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
    const capped = await refusal(login(user.username, PASSWORD, ip));
    expect(capped.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');

    // Slowed down, not refused: once the wait is over the right password signs in, and forgets the pair.
    s.clock.advance(900_000);
    expect((await login(user.username, PASSWORD, ip)).role).toBe('company_admin');
    for (let i = 0; i < 3; i++)
      expect((await refusal(login(user.username, 'bad', ip))).code).toBe('UNAUTHENTICATED');
  });

  it('concurrent wrong passwords cannot share one free attempt: exactly the free ones are checked', async () => {
    const user = await portalUser('concurrent');
    const ip = address();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refusal(login(user.username, 'burst', ip))),
    );
    const codes = answers.map((a) => a.code).sort();
    expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(3);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(7);
  });

  it('an attempt decided by something else than the password (a deactivated account) does not count', async () => {
    const user = await portalUser('deactivated-count');
    await s.call(RPC.identity.setUserActive, {
      companyId: user.companyId!,
      userId: user.id,
      isActive: false,
    });
    const ip = address();
    for (let i = 0; i < 5; i++)
      expect((await refusal(login(user.username, PASSWORD, ip))).code).toBe('FORBIDDEN');
    expect((await refusal(login(user.username, 'bad', ip))).code).toBe('UNAUTHENTICATED');
  });
});

describe('per address', () => {
  it('many usernames from one address make that address wait, progressively; other addresses and trusted devices behind it do not', async () => {
    const user = await portalUser('shared-address');
    const colleague = await portalUser('colleague');
    const laptop = device(colleague.id);
    const attacker = address();
    s.clock.set(new Date());
    for (let i = 0; i < 20; i++)
      expect((await refusal(login(`guess-${i}-${randomUUID()}`, 'bad', attacker))).code).toBe(
        'UNAUTHENTICATED',
      );
    const blocked = await refusal(login(user.username, PASSWORD, attacker));
    expect(blocked.code).toBe('RATE_LIMITED');
    expect(blocked.retryAfter).toBe(60);
    expect((await login(user.username, PASSWORD, address())).role).toBe('company_admin');
    expect((await login(colleague.username, PASSWORD, attacker, [laptop])).role).toBe('company_admin');

    s.clock.advance(60_000);
    expect((await refusal(login(`guess-x-${randomUUID()}`, 'bad', attacker))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(login(user.username, PASSWORD, attacker))).retryAfter).toBe(120);
    // A good password from behind the address does not reset the address's count.
    s.clock.advance(120_000);
    expect((await login(user.username, PASSWORD, attacker)).role).toBe('company_admin');
    expect((await refusal(login(`guess-y-${randomUUID()}`, 'bad', attacker))).code).toBe('RATE_LIMITED');
  });

  it("one person's typos behind an office's address do not stop their colleagues", async () => {
    const typist = await portalUser('typist');
    const colleague = await portalUser('office-colleague');
    const office = address();
    for (let i = 0; i < 3; i++) await refusal(login(typist.username, 'typo', office));
    expect((await refusal(login(typist.username, PASSWORD, office))).code).toBe('RATE_LIMITED');
    expect((await login(colleague.username, PASSWORD, office)).role).toBe('company_admin');
  });

  it('IPv6 addresses of one /64 are counted together', async () => {
    const user = await portalUser('ipv6');
    for (let i = 0; i < 3; i++) await refusal(login(user.username, 'bad', `2001:db8:aa:1::${i + 1}`));
    expect((await refusal(login(user.username, PASSWORD, '2001:db8:aa:1:ffff::9'))).code).toBe(
      'RATE_LIMITED',
    );
    expect((await login(user.username, PASSWORD, '2001:db8:aa:2::1')).role).toBe('company_admin');
  });
});

describe('per trusted device', () => {
  it('a device cookie is throttled on its own, whatever the address, so a stolen one cannot guess fast', async () => {
    const user = await portalUser('stolen-cookie');
    const stolen = device(user.id);
    for (let i = 0; i < 3; i++)
      expect((await refusal(login(user.username, 'guess', address(), [stolen]))).code).toBe(
        'UNAUTHENTICATED',
      );
    const refused = await refusal(login(user.username, PASSWORD, address(), [stolen]));
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.retryAfter).toBe(60);
    // The owner's other browser, and a browser without a cookie, are not affected.
    expect((await login(user.username, PASSWORD, address(), [device(user.id)])).role).toBe('company_admin');
    expect((await login(user.username, PASSWORD, address())).role).toBe('company_admin');
  });
});

describe('metrics', () => {
  it('every throttled attempt counts in login_lockouts_total, by the count that made it wait', async () => {
    const user = await portalUser('counted');
    const ip = address();
    const stolen = device(user.id);
    const before = {
      pair: await lockouts('username_address'),
      address: await lockouts('address'),
      device: await lockouts('device'),
    };
    for (let i = 0; i < 3; i++) await refusal(login(user.username, 'bad', ip));
    for (let i = 0; i < 4; i++)
      expect((await refusal(login(user.username, PASSWORD, ip))).code).toBe('RATE_LIMITED');
    for (let i = 0; i < 3; i++) await refusal(login(user.username, 'bad', address(), [stolen]));
    for (let i = 0; i < 2; i++)
      expect((await refusal(login(user.username, PASSWORD, address(), [stolen]))).code).toBe('RATE_LIMITED');
    const crowded = address();
    for (let i = 0; i < 20; i++) await refusal(login(`crowd-${i}-${randomUUID()}`, 'bad', crowded));
    expect((await refusal(login(user.username, PASSWORD, crowded))).code).toBe('RATE_LIMITED');

    expect(await lockouts('username_address')).toBe(before.pair + 4);
    expect(await lockouts('device')).toBe(before.device + 2);
    expect(await lockouts('address')).toBe(before.address + 1);
  });
});
