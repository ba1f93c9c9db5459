import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ LOGIN_MAX_FAILURES_PER_USERNAME: '3' });
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

  it('repeated failures for one username are refused with 429 for a while, even with the right password', async () => {
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
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
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
