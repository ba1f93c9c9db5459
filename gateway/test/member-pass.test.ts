import { PASS_REFUSAL_MESSAGES } from '@avpass/contracts';
import { encodeTotpPass, memberTotpSecret, passStepAt } from '@avpass/domain';
import { MemberPassService } from '@avpass/members-service';
import { TestSmtpServer, waitFor } from '@avpass/platform/testing';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateQrBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 43 (decisions 363, 364): the member pass over HTTP. The member's page reads the codes and
// revokes; the till scans a pass (its holder and the member's vouchers at this shop) and keeps the
// public keys and the revocations; the administrator revokes. The pass's clock-bound rules (a
// screenshot, skew, rotation) are held with the service's test clock in services/members/test.
const PASS_SECRET = 'member-pass-secret-for-the-till-test-0123456789';
let h: Harness;
let smtp: TestSmtpServer;
let db: pg.Client;
let admin: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  h = await startHarness(
    { SMTP_URL: smtp.url, MEMBER_PASS_SECRET: PASS_SECRET },
    { services: ['partners', 'members', 'vouchers'] },
  );
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Pass Bike Shop');
  other = await createPartnerWithUser(h, 'Pass Other Shop');
}, 120_000);
afterAll(async () => {
  await db?.end();
  await h?.close();
  await smtp?.stop();
});

async function newMember(fields: Record<string, unknown> = {}) {
  const res = await h.api('/api/members', {
    method: 'POST',
    token: admin,
    json: {
      firstName: 'Nerea',
      lastName: 'ortiz',
      email: `pass-${randomUUID().slice(0, 8)}@example.com`,
      ...fields,
    },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; email: string; birthDate: string | null; passVersion: number };
}

async function signIn(member: { email: string }): Promise<string> {
  const count = smtp.mailTo(member.email).length;
  expect(
    (await h.api('/api/member-auth/link', { method: 'POST', json: { email: member.email } })).status,
  ).toBe(202);
  const mail = await waitFor(() => smtp.mailTo(member.email)[count]);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const res = await h.api('/api/member-auth/verify', { method: 'POST', json: { token } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

/** A code of `partnerId` held by the member (as vouchers.members.issue.v1 leaves it). */
async function heldCode(partnerId: string, memberId: string, extra: Record<string, unknown> = {}) {
  const made = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: generateQrBody(partnerId, extra),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await db.query(
    `update vouchers.qr_codes set holder_member_id = $2, issued_for = $2, holder_source = $1,
            holder_name = 'Nerea O.'
      where id = $1`,
    [made.body.id, memberId],
  );
  return made.body.id as string;
}

const scan = (json: unknown, token: string | null = shop.token) =>
  h.api('/api/till/pass', { method: 'POST', token, json });
const currentCode = (pass: { codes: { step: number; code: string }[] }) =>
  pass.codes.find((c) => c.step === passStepAt(Date.now()))!.code;

describe('GET /api/me/pass', () => {
  it('answers the member’s codes (now and the next 9), the server time and the holder, never cached', async () => {
    const member = await newMember();
    const token = await signIn(member);
    const res = await h.api('/api/me/pass', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      memberId: member.id,
      holder: { firstName: 'Nerea', lastInitial: 'O' },
      passVersion: 1,
      stepSeconds: 30,
      wallet: { google: false, apple: false },
    });
    expect(Math.abs(Date.parse(res.body.serverTime) - Date.now())).toBeLessThan(10_000);
    expect(res.body.codes).toHaveLength(10);
    expect(res.body.codes[0].code).toMatch(/^AVPM:[A-Z2-7]{149}$/);
  });

  it('is 401 without a member session, and for a staff token', async () => {
    expect((await h.api('/api/me/pass')).status).toBe(401);
    expect((await h.api('/api/me/pass', { token: admin })).status).toBe(401);
    expect((await h.api('/api/me/pass/revoke', { method: 'POST' })).status).toBe(401);
    expect((await h.api('/api/me/pass/revoke', { method: 'POST', token: shop.token })).status).toBe(401);
  });
});

describe('POST /api/till/pass', () => {
  it('accepted: the holder and the member’s vouchers valid at this shop, with the sale’s discount', async () => {
    const member = await newMember();
    const here = await heldCode(shop.companyId, member.id);
    await heldCode(other.companyId, member.id); // not honoured at this shop
    const token = await signIn(member);
    const pass = (await h.api('/api/me/pass', { token })).body;
    const res = await scan({ code: currentCode(pass), transactionAmount: '5000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      accepted: true,
      holder: { firstName: 'Nerea', lastInitial: 'O', photoUrl: null },
    });
    expect(res.body.memberId).toBeUndefined();
    expect(res.body.vouchers.map((v: { voucher: { id: string } }) => v.voucher.id)).toEqual([here]);
    expect(res.body.vouchers[0]).toMatchObject({ redeemable: true, discountApplied: 1000, amountDue: 4000 });
    // The administrator's till may honour every code.
    const asAdmin = await scan({ code: currentCode(pass) }, admin);
    expect(asAdmin.body.vouchers).toHaveLength(2);
  });

  it('refused: 200 with accepted false, the refusal, its reason and code, and no vouchers', async () => {
    const garbage = await scan({ code: 'AVPM:NOTAPASS' });
    expect(garbage.status).toBe(200);
    expect(garbage.body).toEqual({
      accepted: false,
      refusal: 'not_a_pass',
      reason: PASS_REFUSAL_MESSAGES.not_a_pass,
      reasonCode: 'member-pass.not_a_pass',
      vouchers: [],
    });
    // A static code (Apple Wallet) without the second factor, then with the member's date of birth.
    const member = await newMember({ birthDate: '1991-07-14' });
    expect(member.birthDate).toBe('1991-07-14');
    await heldCode(shop.companyId, member.id);
    const code = await h
      .service('members')
      .get(MemberPassService)
      .signedCode({ kind: 'static', memberId: member.id, passVersion: 1, step: 0 });
    const asked = await scan({ code });
    expect(asked.body).toMatchObject({ accepted: false, refusal: 'second_factor', vouchers: [] });
    const wrong = await scan({ code, secondFactor: '1991-07-15' });
    expect(wrong.body).toMatchObject({ accepted: false, reasonCode: 'member-pass.second-factor-wrong' });
    const right = await scan({ code, secondFactor: '1991-07-14' });
    expect(right.body).toMatchObject({ accepted: true });
    expect(right.body.vouchers).toHaveLength(1);
  });

  it('a revoked pass is refused at once, the lost phone signed out; the member’s revoke is once per Idempotency-Key', async () => {
    const member = await newMember();
    const lostPhone = await signIn(member);
    const token = await signIn(member);
    const old = currentCode((await h.api('/api/me/pass', { token: lostPhone })).body);
    expect((await scan({ code: old })).body.accepted).toBe(true);
    const key = randomUUID();
    const revoke = () =>
      h.api('/api/me/pass/revoke', { method: 'POST', token, headers: { 'idempotency-key': key } });
    const first = await revoke();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ message: 'Pass revoked: its earlier codes no longer work', passVersion: 2 });
    expect((await revoke()).body).toEqual(first.body);
    expect((await scan({ code: old })).body).toMatchObject({
      accepted: false,
      refusal: 'revoked',
      reasonCode: 'member-pass.revoked',
      vouchers: [],
    });
    // The lost phone cannot fetch the new version's codes: its session ended with the revoke.
    const onLostPhone = await h.api('/api/me/pass', { token: lostPhone });
    expect(onLostPhone.status).toBe(401);
    const renewed = (await h.api('/api/me/pass', { token })).body;
    expect(renewed.passVersion).toBe(2);
    expect((await scan({ code: currentCode(renewed) })).body.accepted).toBe(true);
    const badKey = await h.api('/api/me/pass/revoke', {
      method: 'POST',
      token,
      headers: { 'idempotency-key': 'two words' },
    });
    expect(badKey.status).toBe(400);
  });

  it('refuses a malformed scan with 400, anonymous with 401, a member token with 401', async () => {
    for (const [body, message] of [
      [{}, 'Scan the member pass'],
      [{ code: '' }, 'Scan the member pass'],
      [{ code: 'AVPM:X', secondFactor: 'birthday' }, expect.stringMatching(/^Second factor must be/)],
      [{ code: 'AVPM:X', transactionAmount: -5 }, 'Sale amount must not be negative'],
      [[], 'The request must be a JSON object'],
    ] as [unknown, unknown][]) {
      const res = await scan(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toEqual(message);
    }
    expect((await scan({ code: 'AVPM:X' }, null)).status).toBe(401);
    const member = await newMember();
    const memberToken = await signIn(member);
    for (const [method, path] of [
      ['POST', '/api/till/pass'],
      ['GET', '/api/till/pass-keys'],
      ['GET', '/api/till/pass-revocations'],
      ['POST', `/api/members/${member.id}/pass/revoke`],
    ]) {
      const res = await h.api(path!, {
        method,
        token: memberToken,
        ...(method === 'POST' ? { json: { code: 'AVPM:X' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('the till’s keys and revocations', () => {
  it('GET /api/till/pass-keys: partner staff and the administrator; cacheable a few minutes; anonymous 401', async () => {
    for (const token of [shop.token, admin]) {
      const res = await h.api('/api/till/pass-keys', { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=300');
      expect(res.body).toMatchObject({ stepSeconds: 30, maxAgeSeconds: 90 });
      expect(res.body.keys.length).toBeGreaterThanOrEqual(2);
      expect(Date.parse(res.body.keys.at(-1).notBefore)).toBeGreaterThan(Date.now());
    }
    expect((await h.api('/api/till/pass-keys')).status).toBe(401);
  });

  it('GET /api/till/pass-revocations: the revoked member, then by delta; a bad since is a 400', async () => {
    const first = await h.api('/api/till/pass-revocations', { token: shop.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const member = await newMember();
    const res = await h.api(`/api/members/${member.id}/pass/revoke`, {
      method: 'POST',
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.passVersion).toBe(2);
    const delta = await h.api(`/api/till/pass-revocations?since=${encodeURIComponent(first.body.since)}`, {
      token: shop.token,
    });
    expect(delta.body.items).toEqual([{ memberId: member.id, passVersion: 2 }]);
    const bad = await h.api('/api/till/pass-revocations?since=yesterday&limit=5', { token: shop.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('since must be the since of an earlier answer');
    expect((await h.api('/api/till/pass-revocations?limit=0', { token: shop.token })).status).toBe(400);
    expect((await h.api('/api/till/pass-revocations')).status).toBe(401);
  });

  it('POST /api/members/{id}/pass/revoke: the administrator only (a partner 403, anonymous 401), a bad id 400; every session of the member ends', async () => {
    const member = await newMember();
    const phone = await signIn(member);
    expect((await h.api('/api/me/pass', { token: phone })).status).toBe(200);
    const post = (path: string, token: string | null) =>
      h.api(path, { method: 'POST', token, headers: { 'idempotency-key': randomUUID() } });
    expect((await post(`/api/members/${member.id}/pass/revoke`, shop.token)).status).toBe(403);
    expect((await post(`/api/members/${member.id}/pass/revoke`, null)).status).toBe(401);
    expect((await post('/api/members/not-an-id/pass/revoke', admin)).status).toBe(400);
    expect((await post(`/api/members/${randomUUID()}/pass/revoke`, admin)).status).toBe(404);
    const key = randomUUID();
    const once = () =>
      h.api(`/api/members/${member.id}/pass/revoke`, {
        method: 'POST',
        token: admin,
        headers: { 'idempotency-key': key },
      });
    expect((await once()).body.passVersion).toBe(2);
    expect((await once()).body.passVersion).toBe(2);
    expect((await h.api('/api/me/pass', { token: phone })).status).toBe(401);
    const both = await Promise.all([
      post(`/api/members/${member.id}/pass/revoke`, admin),
      post(`/api/members/${member.id}/pass/revoke`, admin),
    ]);
    expect(both.map((r) => r.body.passVersion).sort()).toEqual([3, 4]);
  });
});

describe('Google Wallet’s rotating codes (AVPT:) at the till', () => {
  /** The code Google Wallet shows for the member's pass version at `ms` (as the phone makes it). */
  const googleCode = (memberId: string, version: number, ms = Date.now()) =>
    encodeTotpPass(memberId, version, memberTotpSecret(PASS_SECRET, memberId, version), ms / 1000);

  it('a current code is accepted with the member’s vouchers at this shop; a 2-minute-old one is stale', async () => {
    const member = await newMember();
    const here = await heldCode(shop.companyId, member.id);
    await heldCode(other.companyId, member.id);
    const res = await scan({ code: googleCode(member.id, 1), transactionAmount: '5000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      accepted: true,
      holder: { firstName: 'Nerea', lastInitial: 'O', photoUrl: null },
    });
    expect(res.body.vouchers.map((v: { voucher: { id: string } }) => v.voucher.id)).toEqual([here]);
    expect(res.body.vouchers[0]).toMatchObject({ discountApplied: 1000, amountDue: 4000 });
    // Clock skew of one step either way is accepted.
    expect((await scan({ code: googleCode(member.id, 1, Date.now() - 30_000) })).body.accepted).toBe(true);
    expect((await scan({ code: googleCode(member.id, 1, Date.now() + 30_000) })).body.accepted).toBe(true);
    const screenshot = await scan({ code: googleCode(member.id, 1, Date.now() - 120_000) });
    expect(screenshot.body).toEqual({
      accepted: false,
      refusal: 'stale',
      reason: PASS_REFUSAL_MESSAGES.stale,
      reasonCode: 'member-pass.stale',
      vouchers: [],
    });
  });

  it('a code with a wrong value or another secret’s is not genuine; a genuine one of a member gone is revoked', async () => {
    const member = await newMember();
    const good = googleCode(member.id, 1);
    const wrongDigit = good.replace(/(\d)$/, (d) => String((Number(d) + 1) % 10));
    const otherSecret = encodeTotpPass(
      member.id,
      1,
      memberTotpSecret('another-secret-of-at-least-32-characters', member.id, 1),
      Date.now() / 1000,
    );
    for (const code of [wrongDigit, otherSecret])
      expect((await scan({ code })).body, code).toMatchObject({ accepted: false, refusal: 'not_genuine' });
    // Made with this server's secret for a member it has not (merged into another): as a signed code.
    expect((await scan({ code: googleCode(randomUUID(), 1) })).body).toMatchObject({
      accepted: false,
      refusal: 'revoked',
    });
    expect((await scan({ code: 'AVPT:NOT-A-CODE' })).body).toMatchObject({ refusal: 'not_a_pass' });
    expect((await scan({ code: good }, null)).status).toBe(401);
  });

  it('after a revoke the old version’s code is refused as revoked; the new one is accepted', async () => {
    const member = await newMember();
    expect((await scan({ code: googleCode(member.id, 1) })).body.accepted).toBe(true);
    const res = await h.api(`/api/members/${member.id}/pass/revoke`, {
      method: 'POST',
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await scan({ code: googleCode(member.id, 1) })).body).toMatchObject({
      accepted: false,
      refusal: 'revoked',
      reasonCode: 'member-pass.revoked',
      vouchers: [],
    });
    expect((await scan({ code: googleCode(member.id, 2) })).body.accepted).toBe(true);
  });

  it('an erased member’s code is refused as revoked', async () => {
    const member = await newMember();
    expect((await h.api(`/api/members/${member.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    for (const version of [1, 2])
      expect((await scan({ code: googleCode(member.id, version) })).body).toMatchObject({
        accepted: false,
        refusal: 'revoked',
      });
  });
});

describe('members.pass.revoked.v1', () => {
  const recorded = async (memberId: string) =>
    (
      await db.query(
        `select payload from members.outbox_events
          where name = 'members.pass.revoked.v1' and payload->>'memberId' = $1
          order by (payload->>'passVersion')::int`,
        [memberId],
      )
    ).rows.map((r: { payload: unknown }) => r.payload);

  it('is recorded with each revoke (once per Idempotency-Key) and with an erasure', async () => {
    const member = await newMember();
    const token = await signIn(member);
    const key = randomUUID();
    for (let i = 0; i < 2; i++)
      expect(
        (await h.api('/api/me/pass/revoke', { method: 'POST', token, headers: { 'idempotency-key': key } }))
          .status,
      ).toBe(200);
    expect(await recorded(member.id)).toEqual([{ memberId: member.id, passVersion: 2 }]);
    await h.api(`/api/members/${member.id}/pass/revoke`, {
      method: 'POST',
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect((await h.api(`/api/members/${member.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect(await recorded(member.id)).toEqual([
      { memberId: member.id, passVersion: 2 },
      { memberId: member.id, passVersion: 3 },
      { memberId: member.id, passVersion: 4 },
    ]);
    // A refused revoke (no such member) records nothing.
    const ghost = randomUUID();
    const missing = await h.api(`/api/members/${ghost}/pass/revoke`, {
      method: 'POST',
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(missing.status).toBe(404);
    expect(await recorded(ghost)).toEqual([]);
  });
});
