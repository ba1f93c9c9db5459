// Decision 350: what identity tells every gateway when sessions end or their actor changes, and what a
// session resolves to (its end included) — a gateway keeps that answer only as long as nothing is sent.
import {
  EVENTS,
  RPC,
  sessionRevocationSchema,
  sessionRevocationsSubject,
  type DomainEvent,
  type SessionRevocation,
} from '@avpass/contracts';
import { eventSubject } from '@avpass/platform';
import { waitFor } from '@avpass/platform/testing';
import { JSONCodec, connect, type NatsConnection } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusal, startIdentity, type IdentityServices } from './support/services';

const PASSWORD = 'staff-password';

let s: IdentityServices;
let nc: NatsConnection;
let heard: SessionRevocation[] = [];
beforeAll(async () => {
  s = await startIdentity();
  nc = await connect({ servers: s.env.NATS_URL! });
  nc.subscribe(sessionRevocationsSubject(s.env.NATS_NAMESPACE!), {
    callback: (_error, message) => heard.push(sessionRevocationSchema.parse(message.json())),
  });
  await nc.flush();
});
afterAll(async () => {
  await nc?.close();
  await s?.close();
});
beforeEach(() => {
  heard = [];
});

/**
 * The revocations this connection holds once identity has answered: a PING after the answer comes
 * back after everything the server had for us (what a gateway's check does before using a kept answer).
 */
async function heardBy(): Promise<SessionRevocation[]> {
  await nc.flush();
  return heard;
}

async function staff(name: string) {
  const companyId = randomUUID();
  const user = await s.call(RPC.identity.createPortalUser, {
    companyId,
    user: { username: `${name}-staff`, email: `${name}@example.com`, password: PASSWORD },
  });
  const { token } = await s.call(
    RPC.identity.companyLogin,
    { username: user.username, password: PASSWORD },
    { actor: null, ip: '203.0.113.9' },
  );
  const sid = createHash('sha256').update(token).digest('hex');
  return { ...user, companyId, token, sid };
}

const resolve = (token: string) => s.call(RPC.identity.resolveSession, { token }, { actor: null });
const revocation = (r: Partial<SessionRevocation>): SessionRevocation => ({
  userIds: [],
  sessionIds: [],
  companyIds: [],
  ...r,
});

describe('a session resolves to its actor as its rows say now', () => {
  it('with the end set at sign-in, and a role changed in the database at once', async () => {
    const user = await staff('resolve-role');
    const expire = (await s.sql.query('select expire from identity.sessions where sid = $1', [user.sid]))
      .rows[0].expire as Date;
    expect(await resolve(user.token)).toEqual({
      userId: user.id,
      role: 'company_admin',
      companyId: user.companyId,
      sessionId: user.sid,
      name: user.username,
      sessionEndsAt: new Date(expire).toISOString(),
    });
    await s.sql.query(`update identity.users set role = 'super_admin', company_id = null where id = $1`, [
      user.id,
    ]);
    expect(await resolve(user.token)).toMatchObject({ role: 'super_admin', companyId: null });
  });

  it('no one for an expired, a signed-out or a deactivated user’s session', async () => {
    const expired = await staff('resolve-expired');
    await s.sql.query(`update identity.sessions set expire = now() - interval '1 second' where sid = $1`, [
      expired.sid,
    ]);
    expect(await resolve(expired.token)).toBeNull();

    const out = await staff('resolve-out');
    await s.call(RPC.identity.logout, { token: out.token }, { actor: null });
    expect(await resolve(out.token)).toBeNull();

    const off = await staff('resolve-off');
    await s.sql.query('update identity.users set is_active = false where id = $1', [off.id]);
    expect(await resolve(off.token)).toBeNull();
  });
});

describe('every gateway is told before identity answers', () => {
  it('a sign-out names its session, also when repeated', async () => {
    const user = await staff('told-sign-out');
    await s.call(RPC.identity.logout, { token: user.token }, { actor: null });
    expect(await heardBy()).toEqual([revocation({ sessionIds: [user.sid] })]);
    await s.call(RPC.identity.logout, { token: user.token }, { actor: null });
    expect(await heardBy()).toHaveLength(2);
  });

  it("a user's deactivation, password change and profile change name the user", async () => {
    const user = await staff('told-user');
    const actor = { userId: user.id, role: 'company_admin' as const, companyId: user.companyId };
    await s.call(RPC.identity.updateProfile, { username: user.username, firstName: 'Ana' }, { actor });
    expect(await heardBy()).toEqual([revocation({ userIds: [user.id] })]);

    await s.call(
      RPC.identity.changePassword,
      { currentPassword: PASSWORD, newPassword: 'Blue-Heron-Lantern-82' },
      { actor: { ...actor, sessionId: user.sid } },
    );
    expect(await heardBy()).toHaveLength(2);
    expect(heard[1]).toEqual(revocation({ userIds: [user.id] }));

    await s.call(RPC.identity.setUserActive, { companyId: user.companyId, userId: user.id, isActive: false });
    expect(await heardBy()).toHaveLength(3);
    expect(heard[2]).toEqual(revocation({ userIds: [user.id] }));
    expect(await resolve(user.token)).toBeNull();
  });

  it('a refused change sends nothing (it rolled back)', async () => {
    const user = await staff('told-nothing');
    const actor = { userId: user.id, role: 'company_admin' as const, companyId: user.companyId };
    const wrong = await refusal(
      s.call(
        RPC.identity.changePassword,
        { currentPassword: 'not-it', newPassword: 'Blue-Heron-Lantern-82' },
        { actor },
      ),
    );
    expect(wrong.code).toBe('VALIDATION_FAILED');
    const taken = await refusal(s.call(RPC.identity.updateProfile, { username: 'admin' }, { actor }));
    expect(taken.code).toBe('CONFLICT');
    expect(await heardBy()).toEqual([]);
  });

  it("a partner's deactivation names the partner and its staff once identity applied it", async () => {
    const user = await staff('told-partner');
    const event: DomainEvent<'partners.partner.status-changed.v1'> = {
      id: randomUUID(),
      name: 'partners.partner.status-changed.v1',
      occurredAt: new Date().toISOString(),
      payload: EVENTS['partners.partner.status-changed.v1'].parse({
        partnerId: user.companyId,
        isActive: false,
        version: 1,
      }),
    };
    await nc.jetstream().publish(eventSubject(s.env.NATS_NAMESPACE!, event.name), JSONCodec().encode(event));
    await waitFor(async () => (await heardBy()).length === 1, { message: 'no revocation for the partner' });
    expect(heard[0]).toEqual(revocation({ userIds: [user.id], companyIds: [user.companyId] }));
    expect(await resolve(user.token)).toBeNull();
  });
});
