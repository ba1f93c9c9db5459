import { RPC, SIGN_IN_SENT_MESSAGE, type Actor } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { TestSmtpServer, waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 41: a member's sign-in and own page over HTTP; member and staff sessions never pass each
// other's guard (decisions 329, 330).
let h: Harness;
let smtp: TestSmtpServer;
let rpc: RpcClient;
let admin: string;
let partner: string;
let adminActor: Actor;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  h = await startHarness(
    { SMTP_URL: smtp.url },
    { services: ['partners', 'members', 'vouchers', 'credits'] },
  );
  admin = await h.adminToken();
  const me = await h.api('/api/auth/user', { token: admin });
  adminActor = { userId: me.body.id, role: 'super_admin', companyId: null };
  partner = (await createPartnerWithUser(h, 'Member Till Shop')).token;
  rpc = new RpcClient({
    natsUrl: h.env.NATS_URL!,
    namespace: h.env.NATS_NAMESPACE!,
    name: 'test',
    timeoutMs: 10_000,
  });
  await rpc.connect();
}, 120_000);
afterAll(async () => {
  await rpc?.onApplicationShutdown();
  await h?.close();
  await smtp?.stop();
});

const link = (email: string) => h.api('/api/member-auth/link', { method: 'POST', json: { email } });

async function newMember(firstName = 'Nerea', language = 'es') {
  const email = `me-${randomUUID().slice(0, 8)}@example.com`;
  const res = await h.api('/api/members', {
    method: 'POST',
    token: admin,
    json: { firstName, lastName: 'Ortiz', email, language },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; email: string; firstName: string };
}

/** POST /api/athlete-credits as the administrator; `memberId` links it (decision 336). */
async function newCredit(body: Record<string, unknown>) {
  const res = await h.api('/api/athlete-credits', {
    method: 'POST',
    token: admin,
    json: {
      athleteName: 'Jon Ortiz',
      totalAmount: 5_000,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      ...body,
    },
    headers: { 'idempotency-key': randomUUID() },
  });
  return res;
}

async function signIn(member: { email: string }): Promise<string> {
  const count = smtp.mailTo(member.email).length;
  expect((await link(member.email)).status).toBe(202);
  const mail = await waitFor(() => smtp.mailTo(member.email)[count]);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const res = await h.api('/api/member-auth/verify', { method: 'POST', json: { token } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.body.token as string;
}

async function issueCodes(memberId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic: 'Peak Physio',
        discountType: 'percentage',
        discountValue: '10',
        service: `Session ${i}`,
        expirationDate: '2099-12-31',
        usageLimit: '3',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = await rpc.call(
      RPC.vouchers.issueToMembers,
      {
        source: { qrCodeId: res.body.id },
        holders: [{ memberId, firstName: 'Nerea', lastName: 'Ortiz' }],
      },
      { requestId: randomUUID(), actor: adminActor },
    );
    ids.push(answer.issued[0]!.qrCodeId);
  }
  return ids;
}

describe('asking for a sign-in', () => {
  it('answers 202 with the same body for a member and a stranger; the link points to /me/sign-in#token=', async () => {
    const m = await newMember();
    const forMember = await link(m.email);
    const forStranger = await link(`stranger-${randomUUID()}@example.com`);
    expect(forMember.status).toBe(202);
    expect(forStranger.status).toBe(202);
    expect(forStranger.body).toEqual(forMember.body);
    expect(forMember.body).toEqual({ message: SIGN_IN_SENT_MESSAGE });
    const mail = await waitFor(() => smtp.mailTo(m.email)[0]);
    expect(mail.subject).toBe('Su enlace para entrar en AV Pass');
    expect(mail.text).toContain(`${h.url}/me/sign-in#token=`);
    const code = await h.api('/api/member-auth/code', { method: 'POST', json: { phone: '+34612000111' } });
    expect(code.status).toBe(202);
    expect(code.body).toEqual(forMember.body);
  });

  it('offers SMS only when Twilio is configured', async () => {
    const res = await h.api('/api/member-auth/channels');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: true, sms: false });
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const bad = await h.api('/api/member-auth/link', { method: 'POST', json: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Not a valid e-mail address');
    const code = await h.api('/api/member-auth/verify', {
      method: 'POST',
      json: { phone: '+34612000111', code: '12' },
    });
    expect(code.status).toBe(400);
    expect(JSON.stringify(code.body)).toContain('Enter the 6-digit code');
    const dead = await h.api('/api/member-auth/verify', { method: 'POST', json: { token: 'x'.repeat(43) } });
    expect(dead.status).toBe(401);
  });

  it('answers 429 with Retry-After past 3 requests for one address', async () => {
    const email = `throttled-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await link(email)).status).toBe(202);
    const refused = await link(email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts/);
  });
});

describe('member and staff sessions never pass each other’s guard', () => {
  it('a member token is 401 on staff routes; a staff token is 401 on the member’s', async () => {
    const m = await newMember();
    const member = await signIn(m);
    expect((await h.api('/api/me', { token: member })).status).toBe(200);
    for (const [method, path, json] of [
      ['GET', '/api/qr-codes', undefined],
      ['GET', '/api/members', undefined],
      ['GET', `/api/members/${m.id}/vouchers`, undefined],
      ['POST', '/api/till/check', { code: randomUUID() }],
      ['GET', '/api/auth/user', undefined],
    ] as const) {
      const res = await h.api(path, { method, json, token: member });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    for (const token of [admin, partner]) {
      expect((await h.api('/api/me', { token })).status).toBe(401);
      expect((await h.api('/api/me/vouchers', { token })).status).toBe(401);
      expect((await h.api('/api/me/sign-out', { method: 'POST', token })).status).toBe(401);
    }
    expect((await h.api('/api/me')).status).toBe(401);
    expect((await h.api('/api/me/vouchers')).status).toBe(401);
  });

  it('GET /api/me answers the member’s first name, language and athlete credit balance (null without a credit)', async () => {
    const m = await newMember('Jon', 'en');
    const token = await signIn(m);
    const res = await h.api('/api/me', { token });
    expect(res.body).toEqual({ firstName: 'Jon', language: 'en', creditBalanceCents: null });
    await newCredit({ memberId: m.id, totalAmount: 12_550 });
    await newCredit({ memberId: m.id, totalAmount: 1_000 });
    await newCredit({ totalAmount: 7_000 }); // names nobody
    const after = await h.api('/api/me', { token });
    expect(after.body).toEqual({ firstName: 'Jon', language: 'en', creditBalanceCents: 13_550 });
  });

  it('sign-out ends the member session at once', async () => {
    const token = await signIn(await newMember());
    expect((await h.api('/api/me/sign-out', { method: 'POST', token })).status).toBe(200);
    expect((await h.api('/api/me', { token })).status).toBe(401);
    expect((await h.api('/api/me/vouchers', { token })).status).toBe(401);
  });
});

describe('GET /api/me/vouchers', () => {
  it('pages the member’s own codes by cursor; another member’s are never shown, whatever the query says', async () => {
    const m = await newMember();
    const other = await newMember('Otro');
    const mine = await issueCodes(m.id, 3);
    const theirs = await issueCodes(other.id, 1);
    const token = await signIn(m);
    const first = await h.api(`/api/me/vouchers?limit=2&memberId=${other.id}`, { token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await h.api(
      `/api/me/vouchers?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { token },
    );
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const seen = [...first.body.items, ...second.body.items].map((v: { id: string }) => v.id);
    expect(seen.sort()).toEqual([...mine].sort());
    expect(seen).not.toContain(theirs[0]);
    expect(first.body.items[0]).toMatchObject({ state: 'active', usageLimit: 3, usageCount: 0 });
  });

  it('refuses a bad limit or cursor with a 400', async () => {
    const token = await signIn(await newMember());
    expect((await h.api('/api/me/vouchers?limit=0', { token })).status).toBe(400);
    expect((await h.api('/api/me/vouchers?cursor=zz', { token })).status).toBe(400);
  });
});

describe('GET /api/members/{id}/vouchers', () => {
  it('is the administrator’s only: anonymous 401, a partner 403, a member 401', async () => {
    const m = await newMember();
    const [code] = await issueCodes(m.id, 1);
    const path = `/api/members/${m.id}/vouchers`;
    expect((await h.api(path)).status).toBe(401);
    expect((await h.api(path, { token: partner })).status).toBe(403);
    expect((await h.api(path, { token: await signIn(m) })).status).toBe(401);
    const res = await h.api(`${path}?limit=10`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.items.map((v: { id: string }) => v.id)).toEqual([code]);
    expect((await h.api('/api/members/not-an-id/vouchers', { token: admin })).status).toBe(400);
  });
});

describe('GET /api/members/{id}/credits and a credit’s member', () => {
  it('is the administrator’s only: anonymous 401, a partner 403, a member 401; answers the balance and each credit', async () => {
    const m = await newMember('Ane', 'en');
    const path = `/api/members/${m.id}/credits`;
    expect((await h.api(path)).status).toBe(401);
    expect((await h.api(path, { token: partner })).status).toBe(403);
    expect((await h.api(path, { token: await signIn(m) })).status).toBe(401);
    const none = await h.api(path, { token: admin });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ balanceCents: null, total: 0, credits: [], nextCursor: null });
    const made = await newCredit({ memberId: m.id, totalAmount: 4_200 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.memberId).toBe(m.id);
    const res = await h.api(path, { token: admin });
    expect(res.body).toMatchObject({ balanceCents: 4_200, total: 1 });
    expect(res.body.credits).toEqual([expect.objectContaining({ id: made.body.id, memberId: m.id })]);
    expect((await h.api('/api/members/not-an-id/credits', { token: admin })).status).toBe(400);
    // Paged by ?cursor and ?limit (the member's detail asks "Load more"); a bad one is a 400 that says so.
    const second = await newCredit({ memberId: m.id, totalAmount: 100 });
    const page1 = await h.api(`${path}?limit=1`, { token: admin });
    expect(page1.body.credits.map((c: { id: string }) => c.id)).toEqual([second.body.id]);
    const page2 = await h.api(`${path}?limit=1&cursor=${page1.body.nextCursor}`, { token: admin });
    expect(page2.body.credits.map((c: { id: string }) => c.id)).toEqual([made.body.id]);
    expect(page2.body.total).toBe(2);
    const bad = await h.api(`${path}?cursor=nope`, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.cursor).toEqual(['cursor is not valid; start again from the first page']);
    expect((await h.api(`${path}?limit=500`, { token: admin })).status).toBe(400);
  });

  it('a credit for an unknown member is a 400 naming memberId; without one it is made as before', async () => {
    const refused = await newCredit({ memberId: randomUUID() });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.memberId).toEqual([
      'Member not found: they may have been erased or merged into another',
    ]);
    const plain = await newCredit({});
    expect(plain.status).toBe(201);
    expect(plain.body.memberId).toBeNull();
  });
});
