import { MESSAGE_CODES } from '@avpass/contracts/message-codes';
import { TestSmtpServer, waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 42: a user's and a member's own language over HTTP (decision 355), and the stable `code` beside
// every error's English message (decision 356).
let h: Harness;
let smtp: TestSmtpServer;
let admin: string;
let partner: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  h = await startHarness(
    { SMTP_URL: smtp.url },
    { services: ['partners', 'members', 'vouchers', 'credits'] },
  );
  admin = await h.adminToken();
  partner = await createPartnerWithUser(h, 'Idioma Shop');
}, 120_000);
afterAll(async () => {
  await h?.close();
  await smtp?.stop();
});

const setUserLanguage = (json: unknown, token?: string) =>
  h.api('/api/auth/user/language', { method: 'PATCH', json, ...(token ? { token } : {}) });
const setMemberLanguage = (json: unknown, token?: string) =>
  h.api('/api/me/language', { method: 'PATCH', json, ...(token ? { token } : {}) });

async function newMember(language: 'en' | 'es') {
  const email = `lang-${randomUUID().slice(0, 8)}@example.com`;
  const res = await h.api('/api/members', {
    method: 'POST',
    token: admin,
    json: { firstName: 'Lucía', lastName: 'Mora', email, language },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const count = smtp.mailTo(email).length;
  expect((await h.api('/api/member-auth/link', { method: 'POST', json: { email } })).status).toBe(202);
  const mail = await waitFor(() => smtp.mailTo(email)[count]);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const session = await h.api('/api/member-auth/verify', { method: 'POST', json: { token } });
  expect(session.status).toBe(200);
  return { id: res.body.id as string, email, token: session.body.token as string, mail };
}

describe('a user’s own language', () => {
  it('is English until the user chooses Spanish; GET /api/auth/user and the sign-in say it', async () => {
    const staff = await createPartnerWithUser(h, 'Idioma Two');
    expect((await h.api('/api/auth/user', { token: staff.token })).body.language).toBe('en');
    const changed = await setUserLanguage({ language: 'es' }, staff.token);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ id: staff.userId, language: 'es', companyName: 'Idioma Two' });
    expect((await h.api('/api/auth/user', { token: staff.token })).body.language).toBe('es');
    const again = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: staff.username, password: 'staff-password' },
    });
    expect(again.body.user.language).toBe('es');
    // Only the caller's own: the administrator's and another partner user's stay English.
    expect((await h.api('/api/auth/user', { token: admin })).body.language).toBe('en');
    expect((await h.api('/api/auth/user', { token: partner.token })).body.language).toBe('en');
    expect((await setUserLanguage({ language: 'en' }, staff.token)).body.language).toBe('en');
  });

  it('refuses anything but en or es, and another user’s id, with a 400 that says so', async () => {
    for (const json of [
      { language: 'fr' },
      {},
      { language: 'ES' },
      { language: 'es', userId: partner.userId },
    ]) {
      const res = await setUserLanguage(json, admin);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.code).toMatch(/^[a-z]/);
    }
    const fr = await setUserLanguage({ language: 'fr' }, admin);
    expect(fr.body).toMatchObject({
      message: 'Language must be en or es',
      code: 'language.invalid',
      errors: { language: ['Language must be en or es'] },
      errorCodes: { language: [{ code: 'language.invalid' }] },
    });
    expect((await h.api('/api/auth/user', { token: partner.token })).body.language).toBe('en');
  });

  it('is 401 without a session and for a member’s token', async () => {
    expect((await setUserLanguage({ language: 'es' })).status).toBe(401);
    const member = await newMember('en');
    expect((await setUserLanguage({ language: 'es' }, member.token)).status).toBe(401);
  });
});

describe('a member’s own language, from “My vouchers”', () => {
  it('the member changes their own; GET /api/me and what is sent to them follow it', async () => {
    const ana = await newMember('es');
    const other = await newMember('es');
    expect(ana.mail.subject).toBe('Su enlace para entrar en AV Pass');
    expect(ana.mail.text).toContain('Abra este enlace para ver sus cupones:');
    expect((await h.api('/api/me', { token: ana.token })).body.language).toBe('es');
    // A body naming another member changes only the caller: the member is the session's.
    const changed = await setMemberLanguage({ language: 'en', memberId: other.id }, ana.token);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ firstName: 'Lucía', language: 'en' });
    expect((await h.api('/api/me', { token: ana.token })).body.language).toBe('en');
    expect((await h.api('/api/me', { token: other.token })).body.language).toBe('es');
    const member = await h.api(`/api/members/${ana.id}`, { token: admin });
    expect(member.body.language).toBe('en');
    const count = smtp.mailTo(ana.email).length;
    await h.api('/api/member-auth/link', { method: 'POST', json: { email: ana.email } });
    const next = await waitFor(() => smtp.mailTo(ana.email)[count]);
    expect(next.subject).toBe('Your AV Pass sign-in link');
  });

  it('refuses anything but en or es with a 400; 401 anonymous and for a staff token', async () => {
    const m = await newMember('en');
    const bad = await setMemberLanguage({ language: 'de' }, m.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Language must be en or es', code: 'language.invalid' });
    expect((await setMemberLanguage({ language: 'es' })).status).toBe(401);
    expect((await setMemberLanguage({ language: 'es' }, admin)).status).toBe(401);
    expect((await setMemberLanguage({ language: 'es' }, partner.token)).status).toBe(401);
    expect((await h.api('/api/me', { token: m.token })).body.language).toBe('en');
  });
});

describe('every error carries a stable code beside its English message', () => {
  it('names the voucher form’s, the voucher page’s and the till’s refusals, with their values', async () => {
    const form = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic: 'Peak',
        discountType: 'percentage',
        discountValue: '0',
        service: 'Massage',
        expirationDate: '2099-12-31',
        usageLimit: '1',
      },
    });
    expect(form.status).toBe(400);
    expect(form.body.errorCodes.discountValue).toContainEqual({ code: 'voucher.discount.required' });
    expect(form.body.message).toBe(MESSAGE_CODES['voucher.discount.required']);
    expect(form.body.code).toBe('voucher.discount.required');

    const missing = await h.api(`/api/qr-codes/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('voucher.not-found');

    const till = await h.api('/api/till/check', {
      method: 'POST',
      token: partner.token,
      json: { code: 'zzz' },
    });
    expect(till.status).toBe(400);
    expect(till.body).toMatchObject({
      message: 'This is not an AV Pass voucher',
      code: 'till.code.not-ours',
    });
  });

  it('a generic field message carries the field as a value; an unknown message its status’s code', async () => {
    const res = await h.api('/api/members', {
      method: 'POST',
      token: admin,
      json: { lastName: 'Mora', email: `x-${randomUUID().slice(0, 6)}@example.com` },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCodes.firstName[0]).toEqual({
      code: 'field.required',
      params: { field: 'First name' },
    });
    const anonymous = await h.api('/api/members');
    expect(anonymous.body).toMatchObject({ message: 'Please sign in to continue.', code: 'auth.sign-in' });
  });
});
