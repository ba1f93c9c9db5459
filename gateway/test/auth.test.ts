import { loginLockoutsTotal } from '@avpass/platform';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceCookies } from '../src/auth/device-cookie';
import { loadGatewayConfig } from '../src';
import { ADMIN, createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    LOGIN_FREE_FAILURES: '3',
    LOGIN_FREE_FAILURES_PER_ADDRESS: '10',
    // Long enough that no attempt here outlives its wait (no clock to move in the gateway's tests).
    LOGIN_DELAY_BASE_SECONDS: '60',
    // The client's address comes from X-Forwarded-For, so each test signs in from addresses of its own.
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => h?.close());

describe('signing in', () => {
  it('the administrator signs in and the server reports the super_admin role', async () => {
    const res = await h.api('/api/auth/login', { method: 'POST', json: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('super_admin');
    expect(res.body.user).toMatchObject({
      username: 'admin',
      role: 'super_admin',
      companyId: null,
      companyName: null,
    });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('partner staff sign in by e-mail or username and see their company name', async () => {
    const p = await createPartnerWithUser(h, 'Bean There Coffee');
    const byEmail = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { email: `${p.username}@example.com`, password: 'staff-password' },
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.role).toBe('company_admin');
    expect(byEmail.body.user.companyName).toBe('Bean There Coffee');
    const me = await h.api('/api/auth/user', { token: byEmail.body.token });
    expect(me.body).toMatchObject({
      username: p.username,
      companyId: p.companyId,
      companyName: 'Bean There Coffee',
    });
    // The role comes from the stored user, whichever form was used.
    const viaAdminForm = await h.api('/api/auth/login', {
      method: 'POST',
      json: { username: p.username, password: 'staff-password' },
    });
    expect(viaAdminForm.body.role).toBe('company_admin');
  });

  it('a wrong password is refused with the server message', async () => {
    const res = await h.api('/api/auth/login', {
      method: 'POST',
      json: { username: 'admin', password: 'nope-nope' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid username or password');
    const unknown = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { email: 'ghost@example.com', password: 'whatever' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid username or password');
  });

  it.each([
    [{ password: 'x' }, 'username', 'Username is required'],
    [{ username: '  ', password: 'x' }, 'username', 'Username is required'],
    [{ username: 'admin' }, 'password', 'Password is required'],
    [{ username: 'admin', password: '' }, 'password', 'Password is required'],
  ])('login with %j is a 400 naming the field', async (body, field, message) => {
    const res = await h.api('/api/auth/login', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('company login needs an e-mail or a username', async () => {
    const res = await h.api('/api/auth/company-login', { method: 'POST', json: { password: 'secret1' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email or username is required');
  });

  it('repeated failures for one username from one address make that address wait (429), even with the right password', async () => {
    const p = await createPartnerWithUser(h, 'Throttle Gym');
    for (let i = 0; i < 3; i++) {
      const res = await h.api('/api/auth/company-login', {
        method: 'POST',
        json: { username: p.username, password: 'wrong-pass' },
      });
      expect(res.status).toBe(401);
    }
    const locked = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: p.username, password: 'staff-password' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(
      /Too many failed sign-in attempts\. Try again in \d+ (minutes?|seconds?)\./,
    );
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sign-in throttle and the device cookie (issue 22 #8)', () => {
  type Init = { cookie?: string; ip: string; https?: boolean };
  const signIn = (path: string, json: unknown, { cookie, ip, https }: Init) =>
    h.api(path, {
      method: 'POST',
      json,
      headers: {
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
        ...(https ? { 'x-forwarded-proto': 'https' } : {}),
      },
    });
  const adminLogin = (password: string, init: Init) =>
    signIn('/api/auth/login', { username: ADMIN.username, password }, init);
  /** The `avpass_device=…` pair of a sign-in answer's Set-Cookie. */
  const deviceCookie = (headers: Headers): string => {
    const match = /^(avpass_device=[^;]+);/.exec(headers.get('set-cookie') ?? '');
    if (!match) throw new Error(`no device cookie in ${headers.get('set-cookie')}`);
    return match[1]!;
  };
  const lockouts = async (reason: string): Promise<number> =>
    (await loginLockoutsTotal.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

  it('a successful sign-in sets a signed, HttpOnly, SameSite=Strict device cookie for /api/auth (Secure behind https); a failed one does not', async () => {
    const plain = await adminLogin(ADMIN.password, { ip: '198.51.100.7' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).toMatch(
      /^avpass_device=[0-9a-f-]{36}\.[\w-]{22}\.\d+\.[\w-]{43}; Path=\/api\/auth; Max-Age=15552000; HttpOnly; SameSite=Strict$/,
    );
    const secure = await adminLogin(ADMIN.password, { ip: '198.51.100.7', https: true });
    expect(secure.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    const failed = await adminLogin('not-the-password', { ip: '198.51.100.8' });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('set-cookie')).toBeNull();
  });

  it('five, then fifty, wrong passwords for admin from one address do not stop the right password from a browser that signed in before, nor from another address', async () => {
    const office = '198.51.100.20';
    const attacker = '203.0.113.50';
    const cookie = deviceCookie((await adminLogin(ADMIN.password, { ip: office })).headers);

    const five = [];
    for (let i = 0; i < 5; i++) five.push(await adminLogin('guess', { ip: attacker }));
    // The administrator's browser signs in, even behind the attacker's address (one NAT), and so does
    // the administrator from another address without a cookie.
    expect((await adminLogin(ADMIN.password, { ip: attacker, cookie })).status).toBe(200);
    expect((await adminLogin(ADMIN.password, { ip: office, cookie })).status).toBe(200);
    expect((await adminLogin(ADMIN.password, { ip: '198.51.100.21' })).status).toBe(200);
    // The attacker's address is slowed down instead.
    expect(five.map((r) => r.status)).toEqual([401, 401, 401, 429, 429]);
    // A minute from the lockout, counted down while the requests ran (a loaded machine takes seconds).
    expect(Number(five[3]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(50);
    expect(Number(five[3]!.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The message says the same wait in words: a full minute, or the seconds left once one has passed.
    const left = Number(five[3]!.headers.get('retry-after'));
    expect(five[3]!.body.message).toBe(
      `Too many failed sign-in attempts. Try again in ${left === 60 ? '1 minute' : `${left} seconds`}.`,
    );

    const statuses = new Set<number>();
    for (let i = 0; i < 45; i++) statuses.add((await adminLogin('guess', { ip: attacker })).status);
    expect([...statuses]).toEqual([429]);
    expect((await adminLogin(ADMIN.password, { ip: attacker })).status).toBe(429);
    expect((await adminLogin(ADMIN.password, { ip: attacker, cookie })).status).toBe(200);
    expect((await adminLogin(ADMIN.password, { ip: '198.51.100.22' })).status).toBe(200);
  });

  it("a forged, tampered, expired or other user's device cookie is ignored", async () => {
    const p = await createPartnerWithUser(h, 'Cookie Jar Gym');
    const login = (cookie?: string) =>
      signIn(
        '/api/auth/company-login',
        { username: p.username, password: 'staff-password' },
        { ip: '203.0.113.60', ...(cookie ? { cookie } : {}) },
      );
    const real = deviceCookie(
      (
        await signIn(
          '/api/auth/company-login',
          { username: p.username, password: 'staff-password' },
          { ip: '198.51.100.30' },
        )
      ).headers,
    );
    const admins = deviceCookie((await adminLogin(ADMIN.password, { ip: '198.51.100.31' })).headers);
    for (let i = 0; i < 3; i++)
      expect(
        (
          await signIn(
            '/api/auth/company-login',
            { username: p.username, password: 'wrong-pass' },
            { ip: '203.0.113.60' },
          )
        ).status,
      ).toBe(401);

    const signature = real.slice(real.lastIndexOf('.') + 1);
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const tampered = real.slice(0, real.lastIndexOf('.') + 1) + flipped;
    const issue = (secret: string | undefined, now = Date.now()) =>
      new DeviceCookies(
        { ...loadGatewayConfig(h.env), ...(secret ? { DEVICE_COOKIE_SECRET: secret } : {}) },
        () => now,
      )
        .issue(undefined, p.userId, false)
        .split(';')[0]!;
    const otherKey = issue(randomBytes(32).toString('hex'));
    const expired = issue(undefined, Date.now() - 181 * 86_400_000);
    const otherDevice = real.replace(/\.[\w-]{22}\./, `.${randomBytes(16).toString('base64url')}.`);
    for (const cookie of [
      undefined,
      tampered,
      otherKey,
      expired,
      otherDevice,
      admins,
      'avpass_device=junk',
    ]) {
      const res = await login(cookie);
      expect(res.status, String(cookie)).toBe(429);
    }
    // The gateway's own key, fresh: accepted, like the real cookie.
    expect((await login(issue(undefined))).status).toBe(200);
    expect((await login(real)).status).toBe(200);
  });

  it("the attacker's address gets 429 with Retry-After, and each throttled attempt counts in login_lockouts_total", async () => {
    const p = await createPartnerWithUser(h, 'Counted Attempts');
    const before = await lockouts('username_address');
    const attempt = (password: string) =>
      signIn('/api/auth/company-login', { username: p.username, password }, { ip: '203.0.113.70' });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-pass')).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      const res = await attempt(i % 2 ? 'staff-password' : 'wrong-pass');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await lockouts('username_address')).toBe(before + 4);
  });

  it('many usernames from one address make that address wait; other addresses, and browsers that signed in before behind it, do not', async () => {
    const p = await createPartnerWithUser(h, 'Busy Office');
    const crowded = '203.0.113.80';
    const before = await lockouts('address');
    const cookie = deviceCookie(
      (
        await signIn(
          '/api/auth/company-login',
          { username: p.username, password: 'staff-password' },
          { ip: '198.51.100.80' },
        )
      ).headers,
    );
    for (let i = 0; i < 10; i++)
      expect(
        (
          await signIn(
            '/api/auth/login',
            { username: `guess-${randomUUID()}`, password: 'x1' },
            { ip: crowded },
          )
        ).status,
      ).toBe(401);
    const body = { username: p.username, password: 'staff-password' };
    const blocked = await signIn('/api/auth/company-login', body, { ip: crowded });
    expect(blocked.status).toBe(429);
    // A minute from the lockout (the tenth failure), counted down while the requests ran.
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(50);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await lockouts('address')).toBe(before + 1);
    expect((await signIn('/api/auth/company-login', body, { ip: crowded, cookie })).status).toBe(200);
    expect((await signIn('/api/auth/company-login', body, { ip: '198.51.100.81' })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('the current user needs a valid token', async () => {
    expect((await h.api('/api/auth/user')).status).toBe(401);
    expect((await h.api('/api/auth/user', { token: 'not-a-real-token' })).status).toBe(401);
    const ok = await h.api('/api/auth/user', { token: await h.adminToken() });
    expect(ok.status).toBe(200);
  });

  it('logout ends the session on the server', async () => {
    const login = await h.api('/api/auth/login', { method: 'POST', json: ADMIN });
    const token = login.body.token;
    expect((await h.api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect((await h.api('/api/auth/user', { token })).status).toBe(401);
    expect((await h.api('/api/auth/logout', { method: 'POST' })).status).toBe(401);
  });

  it('a deactivated portal user cannot sign in and its sessions end at once', async () => {
    const p = await createPartnerWithUser(h, 'Deactivated Sports');
    expect((await h.api('/api/auth/user', { token: p.token })).status).toBe(200);
    const off = await h.api(`/api/partners/${p.companyId}/users/${p.userId}`, {
      method: 'PATCH',
      token: await h.adminToken(),
      json: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await h.api('/api/auth/user', { token: p.token })).status).toBe(401);
    const again = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: p.username, password: 'staff-password' },
    });
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/deactivated/);
  });
});

describe('administrator profile and password', () => {
  it('profile changes are validated with the spec messages', async () => {
    const token = await h.adminToken();
    const noName = await h.api('/api/admin/profile', {
      method: 'PATCH',
      token,
      json: { username: '', email: '' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.errors.username).toContain('Username is required');
    const badEmail = await h.api('/api/admin/profile', {
      method: 'PATCH',
      token,
      json: { username: 'admin', email: 'not-an-email' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors.email).toContain('Valid email required');
  });

  it('a username already taken is a 409', async () => {
    const p = await createPartnerWithUser(h, 'Taken Name Shop');
    const res = await h.api('/api/admin/profile', {
      method: 'PATCH',
      token: await h.adminToken(),
      json: { username: p.username.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('That username is already taken');
  });

  it('partner staff and visitors cannot use the admin profile routes', async () => {
    const p = await createPartnerWithUser(h, 'Nosy Partner');
    expect(
      (await h.api('/api/admin/profile', { method: 'PATCH', token: p.token, json: { username: 'x' } }))
        .status,
    ).toBe(403);
    expect((await h.api('/api/admin/profile', { method: 'PATCH', json: { username: 'x' } })).status).toBe(
      401,
    );
    const cp = { currentPassword: 'staff-password', newPassword: 'another-one' };
    expect(
      (await h.api('/api/admin/change-password', { method: 'POST', token: p.token, json: cp })).status,
    ).toBe(403);
    expect((await h.api('/api/admin/change-password', { method: 'POST', json: cp })).status).toBe(401);
  });

  it.each([
    [{ newPassword: 'abcdef' }, 'currentPassword', 'Current password is required'],
    [
      { currentPassword: ADMIN.password, newPassword: 'abc' },
      'newPassword',
      'New password must be at least 6 characters',
    ],
  ])('change-password with %j is a 400', async (body, field, message) => {
    const res = await h.api('/api/admin/change-password', {
      method: 'POST',
      token: await h.adminToken(),
      json: body,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('a wrong current password is refused', async () => {
    const res = await h.api('/api/admin/change-password', {
      method: 'POST',
      token: await h.adminToken(),
      json: { currentPassword: 'wrong-one', newPassword: 'brand-new-pass' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.currentPassword).toContain('Current password is incorrect');
  });

  it('renaming the administrator and changing its password keep it an administrator; other sessions end', async () => {
    const current = (await h.api('/api/auth/login', { method: 'POST', json: ADMIN })).body.token;
    const other = (await h.api('/api/auth/login', { method: 'POST', json: ADMIN })).body.token;
    const renamed = await h.api('/api/admin/profile', {
      method: 'PATCH',
      token: current,
      json: { username: 'chief', email: 'chief@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ username: 'chief', email: 'chief@example.com', firstName: 'Ada' });
    const changed = await h.api('/api/admin/change-password', {
      method: 'POST',
      token: current,
      json: { currentPassword: ADMIN.password, newPassword: 'new-admin-pass' },
    });
    expect(changed.status).toBe(200);
    expect((await h.api('/api/auth/user', { token: current })).status).toBe(200);
    expect((await h.api('/api/auth/user', { token: other })).status).toBe(401);
    const relogin = await h.api('/api/auth/login', {
      method: 'POST',
      json: { username: 'chief', password: 'new-admin-pass' },
    });
    expect(relogin.status).toBe(200);
    expect(relogin.body.role).toBe('super_admin');
    expect((await h.api('/api/auth/login', { method: 'POST', json: ADMIN })).status).toBe(401);
  });
});
