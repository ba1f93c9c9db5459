import { EVENTS, RPC, type DomainEvent } from '@avpass/contracts';
import { eventSubject } from '@avpass/platform';
import { waitFor } from '@avpass/platform/testing';
import { JSONCodec, connect } from 'nats';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, refusal, startIdentity, type IdentityServices } from './support/services';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const PORTAL_PASSWORD = 'staff-password';

let s: IdentityServices;
beforeAll(async () => {
  s = await startIdentity({ SESSION_TTL_HOURS: '2' });
});
afterAll(async () => s?.close());
afterEach(() => s.clock.set(null));

/** A portal user of a new company (the partners service checks companies; identity takes the id). */
async function portalUser(name: string) {
  const companyId = randomUUID();
  const user = await s.call(RPC.identity.createPortalUser, {
    companyId,
    user: { username: `${name}-staff`, email: `${name}@example.com`, password: PORTAL_PASSWORD },
  });
  return { ...user, companyId };
}

const login = (username: string, password: string, ip = '203.0.113.1') =>
  s.call(RPC.identity.login, { username, password }, { actor: null, ip });
const companyLogin = (body: { username?: string; email?: string; password: string }, ip = '203.0.113.1') =>
  s.call(RPC.identity.companyLogin, body, { actor: null, ip });
const resolve = (token: string) => s.call(RPC.identity.resolveSession, { token }, { actor: null });
const lastSeen = async (userId: string): Promise<number> =>
  new Date(
    (
      await s.sql.query('select last_seen_at from identity.sessions where user_id = $1', [userId])
    ).rows[0].last_seen_at,
  ).getTime();
const sessionExpiry = async (userId: string): Promise<number> =>
  new Date(
    (await s.sql.query('select expire from identity.sessions where user_id = $1', [userId])).rows[0].expire,
  ).getTime();

describe('signing in', () => {
  it('the administrator signs in on /login and is a super_admin', async () => {
    const signedIn = await login(ADMIN.username, ADMIN.password);
    expect(signedIn.role).toBe('super_admin');
    expect(signedIn.user).toMatchObject({ username: ADMIN.username, role: 'super_admin', companyId: null });
    const actor = await resolve(signedIn.token);
    expect(actor).toMatchObject({ userId: signedIn.user.id, role: 'super_admin', companyId: null });
  });

  it('partner staff sign in on the company form by username or e-mail, as company_admin of their company', async () => {
    const user = await portalUser('both-ways');
    const byUsername = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    const byEmail = await companyLogin({ email: 'BOTH-WAYS@example.com', password: PORTAL_PASSWORD });
    for (const signedIn of [byUsername, byEmail]) {
      expect(signedIn.role).toBe('company_admin');
      expect(signedIn.user).toMatchObject({ id: user.id, companyId: user.companyId });
      expect(await resolve(signedIn.token)).toMatchObject({ userId: user.id, companyId: user.companyId });
    }
    // Two sign-ins, two sessions.
    expect(byUsername.token).not.toBe(byEmail.token);
  });

  it('the role comes from the stored user, whichever form was used', async () => {
    const viaCompanyForm = await companyLogin({ username: ADMIN.username, password: ADMIN.password });
    expect(viaCompanyForm.role).toBe('super_admin');
    const user = await portalUser('admin-form');
    const viaAdminForm = await login(user.username, PORTAL_PASSWORD);
    expect(viaAdminForm.role).toBe('company_admin');
  });

  it('a wrong password or an unknown user gets the same answer', async () => {
    const user = await portalUser('wrong');
    const wrong = await refusal(
      companyLogin({ username: user.username, password: 'not-it' }, '198.51.100.10'),
    );
    const unknown = await refusal(login('nobody-here', 'whatever', '198.51.100.10'));
    for (const error of [wrong, unknown]) {
      expect(error.code).toBe('UNAUTHENTICATED');
      expect(error.message).toBe('Invalid username or password');
    }
  });
});

describe('sessions', () => {
  it('a session used by nothing for the idle limit (10 minutes) is refused', async () => {
    s.clock.set(new Date());
    const user = await portalUser('idle');
    const { token } = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    s.clock.advance(10 * MINUTE_MS - 1000);
    expect(await resolve(token)).toMatchObject({ userId: user.id });
    // That use restarts the idle clock: ten minutes after it, not after the sign-in.
    s.clock.advance(10 * MINUTE_MS - 1000);
    expect(await resolve(token)).toMatchObject({ userId: user.id });
    s.clock.advance(10 * MINUTE_MS + 18_000);
    expect(await resolve(token)).toBeNull();
  });

  it("a screen's polls keep a session alive, written at most once a minute", async () => {
    s.clock.set(new Date());
    const user = await portalUser('polled');
    const { token } = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    const signedInAt = await lastSeen(user.id);
    // A poll every 15 seconds (the gateway's session cache asks at least that often) for 25 minutes.
    for (let polls = 0; polls < 100; polls++) {
      s.clock.advance(15_000);
      expect(await resolve(token)).toMatchObject({ userId: user.id });
      if (polls === 2) expect(await lastSeen(user.id)).toBe(signedInAt); // 45 s: not written yet
    }
    expect(await lastSeen(user.id)).toBeGreaterThan(signedInAt + 24 * MINUTE_MS);
    // Then the tab is closed: nothing more comes, and within ten minutes the session ends.
    s.clock.advance(10 * MINUTE_MS);
    expect(await resolve(token)).toBeNull();
  });

  it('a session ends SESSION_TTL_HOURS after its sign-in, however busy', async () => {
    s.clock.set(new Date());
    const user = await portalUser('absolute');
    const { token } = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    const fresh = await sessionExpiry(user.id);
    expect(fresh - s.clock().getTime()).toBe(2 * HOUR_MS);
    // Used every 9 minutes for just under two hours: alive, and its end never moves.
    for (let used = 9; used < 120; used += 9) {
      s.clock.advance(9 * MINUTE_MS);
      expect(await resolve(token)).toMatchObject({ userId: user.id });
    }
    expect(await sessionExpiry(user.id)).toBe(fresh);
    s.clock.set(new Date(fresh));
    expect(await resolve(token)).toBeNull();
  });

  it('an expired session resolves to no one', async () => {
    const user = await portalUser('expired');
    const { token } = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    await s.sql.query(
      `update identity.sessions set expire = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    expect(await resolve(token)).toBeNull();
    const current = await refusal(s.call(RPC.identity.currentUser, {}, { actor: null }));
    expect(current.code).toBe('UNAUTHENTICATED');
  });

  it('logout ends the session at once', async () => {
    const user = await portalUser('logout');
    const { token } = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    await s.call(RPC.identity.logout, { token }, { actor: null });
    expect(await resolve(token)).toBeNull();
  });

  it('deactivating a user ends all its sessions and refuses its next sign-in; reactivating lets it back in', async () => {
    const user = await portalUser('deactivated');
    const first = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    const second = await companyLogin({ email: user.email!, password: PORTAL_PASSWORD });
    const bystander = await portalUser('bystander');
    const bystanderSession = await companyLogin({ username: bystander.username, password: PORTAL_PASSWORD });

    await s.call(RPC.identity.setUserActive, { companyId: user.companyId, userId: user.id, isActive: false });
    expect(await resolve(first.token)).toBeNull();
    expect(await resolve(second.token)).toBeNull();
    expect(
      Number(
        (await s.sql.query('select count(*) from identity.sessions where user_id = $1', [user.id])).rows[0]
          .count,
      ),
    ).toBe(0);
    const refused = await refusal(companyLogin({ username: user.username, password: PORTAL_PASSWORD }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toBe('This account has been deactivated. Contact your administrator.');
    expect(await resolve(bystanderSession.token)).toMatchObject({ userId: bystander.id });

    await s.call(RPC.identity.setUserActive, { companyId: user.companyId, userId: user.id, isActive: true });
    expect((await companyLogin({ username: user.username, password: PORTAL_PASSWORD })).role).toBe(
      'company_admin',
    );
  });
});

describe('the portal users of many companies', () => {
  it('answers the active users of each company asked, in one call (statements asks a page of partners)', async () => {
    const a = await portalUser(`many-a-${randomUUID().slice(0, 6)}`);
    const a2 = await s.call(RPC.identity.createPortalUser, {
      companyId: a.companyId,
      user: { username: `many-a2-${randomUUID().slice(0, 6)}`, password: PORTAL_PASSWORD },
    });
    const gone = await s.call(RPC.identity.createPortalUser, {
      companyId: a.companyId,
      user: { username: `many-gone-${randomUUID().slice(0, 6)}`, password: PORTAL_PASSWORD },
    });
    await s.call(RPC.identity.setUserActive, { companyId: a.companyId, userId: gone.id, isActive: false });
    const b = await portalUser(`many-b-${randomUUID().slice(0, 6)}`);
    const other = await portalUser(`many-c-${randomUUID().slice(0, 6)}`);

    const { users } = await s.call(RPC.identity.activeUsersOfCompanies, {
      companyIds: [a.companyId, b.companyId, randomUUID()],
    });
    expect(users.map((u) => u.id).sort()).toEqual([a.id, a2.id, b.id].sort());
    expect(users.find((u) => u.id === b.id)).toMatchObject({ companyId: b.companyId, email: b.email });
    expect(users.some((u) => u.id === other.id || u.id === gone.id)).toBe(false);

    const tooMany = await refusal(
      s.call(RPC.identity.activeUsersOfCompanies, {
        companyIds: Array.from({ length: 501 }, () => randomUUID()),
      }),
    );
    expect(tooMany).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(tooMany.errors)).toContain('At most 500 companies');
  });
});

describe("a partner's deactivation", () => {
  const DEACTIVATED = 'Your partner account has been deactivated. Please contact the club administrator.';

  /** Publishes partners.partner.status-changed.v1 as the partners service's outbox relay does. */
  async function announce(partnerId: string, isActive: boolean, version: number): Promise<void> {
    const nc = await connect({ servers: s.env.NATS_URL! });
    try {
      const event: DomainEvent<'partners.partner.status-changed.v1'> = {
        id: randomUUID(),
        name: 'partners.partner.status-changed.v1',
        occurredAt: new Date().toISOString(),
        payload: EVENTS['partners.partner.status-changed.v1'].parse({ partnerId, isActive, version }),
      };
      await nc
        .jetstream()
        .publish(eventSubject(s.env.NATS_NAMESPACE!, event.name), JSONCodec().encode(event));
    } finally {
      await nc.close();
    }
  }
  const kept = async (companyId: string) =>
    (
      await s.sql.query('select is_active, version from identity.partner_statuses where company_id = $1', [
        companyId,
      ])
    ).rows[0];

  it("ends its staff's sessions, refuses their sign-in saying why, and reactivation lets them in", async () => {
    const user = await portalUser('paused-partner');
    const before = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    const second = await companyLogin({ email: user.email!, password: PORTAL_PASSWORD });
    const bystander = await portalUser('still-open');
    const bystanderSession = await companyLogin({ username: bystander.username, password: PORTAL_PASSWORD });

    await announce(user.companyId, false, 1);
    await waitFor(async () => (await resolve(before.token)) === null, { message: 'the session still works' });
    expect(await resolve(second.token)).toBeNull();
    const left = await s.sql.query('select count(*)::int as n from identity.sessions where user_id = $1', [
      user.id,
    ]);
    expect(left.rows[0].n).toBe(0);
    const refused = await refusal(companyLogin({ username: user.username, password: PORTAL_PASSWORD }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: DEACTIVATED });
    // A wrong password still gets the usual answer: the reason is told only to whoever knows the password.
    const wrong = await refusal(
      companyLogin({ username: user.username, password: 'not-it' }, '198.51.100.77'),
    );
    expect(wrong.message).toBe('Invalid username or password');
    expect(await resolve(bystanderSession.token)).toMatchObject({ userId: bystander.id });
    // A sign-in that checked the partner just before the news committed, and wrote its session just
    // after: the session exists, but is not honoured.
    const racing = randomUUID();
    await s.sql.query(
      `insert into identity.sessions (sid, sess, expire, user_id)
         values (encode(sha256($1::bytea), 'hex'), $2, now() + interval '1 hour', $3)`,
      [racing, { userId: user.id, role: 'company_admin', companyId: user.companyId }, user.id],
    );
    expect(await resolve(racing)).toBeNull();

    await announce(user.companyId, true, 2);
    await waitFor(async () => (await kept(user.companyId))?.is_active === true);
    const back = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    expect(await resolve(back.token)).toMatchObject({ userId: user.id });
    expect(await resolve(racing)).toBeNull(); // ended with the reactivation, not revived by it
  });

  it('keeps the newest state whatever order the events arrive in', async () => {
    const user = await portalUser('out-of-order');
    await announce(user.companyId, true, 4);
    await waitFor(async () => (await kept(user.companyId))?.version === 4);
    await announce(user.companyId, false, 3); // older: ignored
    await announce(user.companyId, true, 4); // a redelivery of the newest: the same
    const marker = await portalUser('marker');
    await announce(marker.companyId, false, 1); // delivered after the two above
    await waitFor(async () => (await kept(marker.companyId))?.is_active === false);
    expect(await kept(user.companyId)).toEqual({ is_active: true, version: 4 });
    const signedIn = await companyLogin({ username: user.username, password: PORTAL_PASSWORD });
    expect(signedIn.role).toBe('company_admin');
  });
});

describe('administrator bootstrap', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the first start creates the administrator from ADMIN_PASSWORD; a later start with another password changes nothing', async () => {
    const other = await startIdentity({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'first-password' });
    try {
      const signedIn = await other.call(
        RPC.identity.login,
        { username: 'owner', password: 'first-password' },
        { actor: null },
      );
      expect(signedIn.role).toBe('super_admin');
      await other.startIdentity({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'second-password' });
      const admins = await other.sql.query(`select username from identity.users where role = 'super_admin'`);
      expect(admins.rows).toEqual([{ username: 'owner' }]);
      const refused = await refusal(
        other.call(RPC.identity.login, { username: 'owner', password: 'second-password' }, { actor: null }),
      );
      expect(refused.code).toBe('UNAUTHENTICATED');
    } finally {
      await other.close();
    }
  });

  it('without ADMIN_PASSWORD, a password is generated, printed once, and signs in', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    const other = await startIdentity({ ADMIN_USERNAME: 'generated-admin', ADMIN_PASSWORD: '' });
    try {
      const line = printed.find((l) => l.includes('AV Pass administrator created'));
      const password = /password "([^"]+)"/.exec(line ?? '')?.[1];
      expect(line).toContain('username "generated-admin"');
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const signedIn = await other.call(
        RPC.identity.login,
        { username: 'generated-admin', password: password ?? '' },
        { actor: null },
      );
      expect(signedIn.role).toBe('super_admin');
      // Stored hashed, never in clear.
      const stored = await other.sql.query(
        `select password_hash from identity.users where username = 'generated-admin'`,
      );
      expect(stored.rows[0].password_hash).not.toContain(password);

      // A restart finds the administrator and prints nothing.
      printed.length = 0;
      await other.startIdentity();
      expect(printed.filter((l) => l.includes('AV Pass administrator created'))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
