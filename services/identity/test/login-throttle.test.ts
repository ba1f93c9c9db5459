import { RPC, type AuthResponse, type TrustedDevice } from '@avpass/contracts';
import { loginAccountAttacksTotal, loginLockoutsTotal } from '@avpass/platform';
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
    LOGIN_ACCOUNT_FREE_FAILURES: '60',
  });
  adminId = (await login(ADMIN.username, ADMIN.password, '198.18.0.1')).user.id;
});
afterAll(async () => s?.close());
afterEach(() => s.clock.set(null));

let addresses = 0;
/** A fresh address for each use, so tests do not share counts. */
const address = () => `10.${Math.floor(++addresses / 250)}.${addresses % 250}.${1 + (addresses % 7)}`;

function companyLogin(email: string, password: string, ip: string): Promise<AuthResponse> {
  return s.rpc.call(RPC.identity.companyLogin, { email, password }, { requestId: randomUUID(), ip });
}

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

async function auditEntries(action: string, targetId: string | null) {
  const { rows } = await s.sql.query<{ changes: Record<string, { after: unknown }>; ip: string | null }>(
    `select changes, ip from identity.audit_entries
      where action = $1 and target_id is not distinct from $2 order by seq`,
    [action, targetId],
  );
  return rows;
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

describe('per account (issue 37)', () => {
  it('the username and the e-mail are one account: throttled through one, the other waits too (login and company-login)', async () => {
    const user = await portalUser('two-names');
    const ip = address();
    for (let i = 0; i < 3; i++)
      expect((await refusal(login(user.username, 'guess', ip))).code).toBe('UNAUTHENTICATED');
    const byEmail = await refusal(companyLogin('TWO-NAMES@example.com', PASSWORD, ip));
    expect(byEmail.code).toBe('RATE_LIMITED');
    expect(byEmail.retryAfter).toBe(60);

    const other = await portalUser('e-mail-first');
    const ip2 = address();
    for (let i = 0; i < 3; i++)
      expect((await refusal(companyLogin('e-mail-first@example.com', 'guess', ip2))).code).toBe(
        'UNAUTHENTICATED',
      );
    expect((await refusal(login(other.username.toUpperCase(), PASSWORD, ip2))).code).toBe('RATE_LIMITED');
    // Another address is not slowed by the pair's count.
    expect((await companyLogin('e-mail-first@example.com', PASSWORD, address())).role).toBe('company_admin');
  });

  it('400 addresses guessing one account: only the account-wide budget is checked, the rest refused early; a trusted device signs in at once; the attack is recorded once', async () => {
    const user = await portalUser('sprayed');
    const office = device(user.id);
    const attacksBefore = (await loginAccountAttacksTotal.get()).values[0]?.value ?? 0;
    const accountBefore = await lockouts('account');
    s.clock.set(new Date());

    const codes: string[] = [];
    for (let batch = 0; batch < 16; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          refusal(
            i % 2
              ? login(user.username, 'spray', address())
              : companyLogin('SPRAYED@example.com', 'spray', address()),
          ).then((r) => r.code),
        ),
      );
      codes.push(...answers);
    }
    expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(60);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(340);
    expect(await lockouts('account')).toBe(accountBefore + 340);

    // A fresh address waits too, even with the right password; the user's own browser does not.
    const fresh = await refusal(login(user.username, PASSWORD, address()));
    expect(fresh.code).toBe('RATE_LIMITED');
    expect(fresh.retryAfter).toBe(60);
    expect((await login(user.username, PASSWORD, address(), [office])).role).toBe('company_admin');

    // Once the wait is over one more guess is checked, and the next wait is twice as long.
    s.clock.advance(60_000);
    expect((await refusal(login(user.username, 'spray', address()))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(login(user.username, 'spray', address()))).retryAfter).toBe(120);

    // One entry and one count for the whole episode, and the administrator's list shows it.
    const recorded = await auditEntries('identity.sign-in.attack-detected', user.id);
    // The 340 guesses refused early are counted in the metric, not written one by one.
    expect(await auditEntries('identity.sign-in.locked-out', user.id)).toEqual([]);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.changes).toEqual({ failedAttempts: { before: null, after: 60 } });
    expect((await loginAccountAttacksTotal.get()).values[0]?.value).toBe(attacksBefore + 1);
    const listed = await s.call(RPC.identity.signInAttacks, {});
    expect(listed).toContainEqual(
      expect.objectContaining({ userId: user.id, username: user.username, failedAttempts: 61 }),
    );

    // An hour without a failure ends the episode: the right password passes from anywhere again.
    s.clock.advance(3_600_000);
    expect(await s.call(RPC.identity.signInAttacks, {})).not.toContainEqual(
      expect.objectContaining({ userId: user.id }),
    );
    expect((await login(user.username, PASSWORD, address())).role).toBe('company_admin');
  });

  it('only the administrator may list the accounts under attack', async () => {
    const refused = await refusal(
      s.call(
        RPC.identity.signInAttacks,
        {},
        { actor: { userId: randomUUID(), role: 'company_admin', companyId: randomUUID() } },
      ),
    );
    expect(refused.code).toBe('FORBIDDEN');
  });
});

describe('the audit trail of refused sign-ins (issue 37)', () => {
  it('a name that is no account is kept masked (first character and length); a known account as typed', async () => {
    const typedPassword = 'Correct-Horse-9';
    await refusal(login(typedPassword, 'whatever', address()));
    const [unknown] = (await auditEntries('identity.sign-in.failed', null)).filter(
      (e) => e.changes.usernameTried?.after === `C${'•'.repeat(14)} (15)`,
    );
    expect(unknown).toBeDefined();
    const { rows } = await s.sql.query(
      `select count(*)::int as n from identity.audit_entries where changes::text like $1`,
      [`%${typedPassword}%`],
    );
    expect(rows[0].n).toBe(0);

    const user = await portalUser('audited');
    await refusal(companyLogin('audited@example.com', 'bad', address()));
    const known = await auditEntries('identity.sign-in.failed', user.id);
    expect(known.map((e) => e.changes.usernameTried?.after)).toEqual(['audited@example.com']);
  });
});
