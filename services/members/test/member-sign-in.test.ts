import { RPC, SIGN_IN_SENT_MESSAGE } from '@avpass/contracts';
import { waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusal, startServices } from './support/services';
import { SIGN_IN_ORIGIN, useSignInBed } from './support/sign-in-bed';

// Issue 41: a member's passwordless sign-in over NATS (decisions 329, 330).
const bed = useSignInBed({ ipBlock: '198.51.100', phoneBlock: '+3461234' });
beforeAll(async () => {
  await bed.s.sql.query('set search_path to members, public');
});

const member = (fields: Record<string, unknown> = {}) => bed.member(fields);

const askLink = (email: string, ip = bed.nextIp()) =>
  bed.s.callFrom(ip, RPC.members.signInLink, { email, origin: SIGN_IN_ORIGIN });
const askCode = (phone: string, ip = bed.nextIp()) => bed.s.callFrom(ip, RPC.members.signInCode, { phone });
const verify = (payload: { token: string } | { phone: string; code: string }, ip = bed.nextIp()) =>
  bed.s.callFrom(ip, RPC.members.verifySignIn, payload);

const linkTokenFor = (email: string, count = 1) => bed.linkTokenFor(email, count);
const smsCodeFor = (phone: string, count = 1) => bed.smsCodeFor(phone, count);

const rows = async (sql: string, params: unknown[] = []) => (await bed.s.sql.query(sql, params)).rows;

describe('asking for a link or a code never tells whether the address is a member', () => {
  it('answers a member and a stranger with the same body; only the member gets the mail', async () => {
    const m = await member();
    const stranger = `nobody-${randomUUID()}@example.com`;
    const forMember = await askLink(m.email!.toUpperCase());
    const forStranger = await askLink(stranger);
    expect(forMember).toEqual({ message: SIGN_IN_SENT_MESSAGE });
    expect(forStranger).toEqual(forMember);
    const mail = await waitFor(() => bed.smtp.mailTo(m.email!)[0]);
    expect(mail.subject).toBe('Your AV Pass sign-in link');
    expect(mail.text).toContain(`${SIGN_IN_ORIGIN}/me/sign-in#token=`);
    expect(mail.text).toContain('Hello Lucía');
    expect(mail.html).toContain('See my vouchers');
    await new Promise((r) => setTimeout(r, 300));
    expect(bed.smtp.mailTo(stranger)).toEqual([]);
    // Only the secret's hash is kept.
    const token = await linkTokenFor(m.email!);
    const stored = await rows('select secret_hash from member_sign_ins where member_id = $1', [m.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0].secret_hash).not.toContain(token);
  });

  it('writes the mail and the SMS in the member’s language', async () => {
    const m = await member({ language: 'es', firstName: 'Marta' });
    await askLink(m.email!);
    const mail = await waitFor(() => bed.smtp.mailTo(m.email!)[0]);
    expect(mail.subject).toBe('Su enlace para entrar en AV Pass');
    expect(mail.text).toContain('Abra este enlace para ver sus cupones:');
    expect(mail.text).toContain('Hola, Marta');
    await askCode(m.phone!);
    const sms = await waitFor(async () => (await bed.twilio.messagesTo(m.phone!))[0]);
    expect(sms.body).toMatch(
      /^AV Pass: su código para entrar es \d{6}\. Funciona una sola vez, durante 10 minutos\.$/,
    );
  });

  it('refuses a malformed e-mail or phone with a clear message, member or not', async () => {
    expect((await refusal(askLink('not-an-email'))).errors).toEqual({
      email: ['Not a valid e-mail address'],
    });
    expect((await refusal(askLink(''))).errors).toEqual({ email: ['Enter your e-mail address'] });
    const bad = await refusal(askCode('12'));
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(bad.errors?.phone?.[0]).toMatch(/^Not a valid phone number/);
    const neither = await refusal(verify({} as never));
    expect(neither.code).toBe('VALIDATION_FAILED');
  });
});

describe('a magic link', () => {
  it('signs in once: the second use of the same link is refused', async () => {
    const m = await member({ firstName: 'Ana' });
    await askLink(m.email!);
    const token = await linkTokenFor(m.email!);
    const session = await verify({ token });
    expect(session.member).toEqual({ firstName: 'Ana', language: 'en' });
    expect(new Date(session.expiresAt).getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    const again = await refusal(verify({ token }));
    expect(again.code).toBe('UNAUTHENTICATED');
    expect(again.message).toBe('This sign-in link has been used or has expired. Ask for a new one.');
  });

  it('is used once when two tabs open it at the same moment', async () => {
    const m = await member();
    await askLink(m.email!);
    const token = await linkTokenFor(m.email!);
    const results = await Promise.allSettled([verify({ token }), verify({ token }), verify({ token })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await rows('select count(*)::int as n from member_sessions where member_id = $1', [m.id])).toEqual(
      [{ n: 1 }],
    );
  });

  it('expires after 15 minutes', async () => {
    const m = await member();
    await askLink(m.email!);
    const token = await linkTokenFor(m.email!);
    const [row] = await rows(
      'select extract(epoch from expires_at - created_at)::int as seconds from member_sign_ins where member_id = $1',
      [m.id],
    );
    expect(row.seconds).toBe(15 * 60);
    await bed.s.sql.query(
      "update member_sign_ins set expires_at = now() - interval '1 second' where member_id = $1",
      [m.id],
    );
    expect((await refusal(verify({ token }))).code).toBe('UNAUTHENTICATED');
  });

  it('no longer works once its member is erased', async () => {
    const m = await member();
    await askLink(m.email!);
    const token = await linkTokenFor(m.email!);
    await bed.s.call(RPC.members.erase, { id: m.id });
    expect((await refusal(verify({ token }))).code).toBe('UNAUTHENTICATED');
  });
});

describe('an SMS code', () => {
  it('signs in once with the right code, within 10 minutes', async () => {
    const m = await member({ firstName: 'Pau' });
    await askCode(m.phone!);
    const code = await smsCodeFor(m.phone!);
    const [row] = await rows(
      'select extract(epoch from expires_at - created_at)::int as seconds, secret_hash from member_sign_ins where member_id = $1',
      [m.id],
    );
    expect(row.seconds).toBe(10 * 60);
    expect(row.secret_hash).not.toContain(code);
    // As typed, without the country code: read in MEMBERS_DEFAULT_PHONE_REGION.
    const session = await verify({ phone: m.phone!.replace('+34', ''), code });
    expect(session.member.firstName).toBe('Pau');
    expect((await refusal(verify({ phone: m.phone!, code }))).code).toBe('UNAUTHENTICATED');
  });

  it('is burnt after 5 wrong codes: the right one no longer works', async () => {
    const m = await member();
    await askCode(m.phone!);
    const code = await smsCodeFor(m.phone!);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const refused = await refusal(verify({ phone: m.phone!, code: wrong }));
      expect(refused.message).toBe(
        i < 5
          ? 'That code is not right, or it has expired. Ask for a new one.'
          : 'Too many wrong codes: this one no longer works. Ask for a new one.',
      );
    }
    expect((await refusal(verify({ phone: m.phone!, code }))).code).toBe('UNAUTHENTICATED');
  });

  it('counts wrong codes sent at once one by one (never more than 5 tries)', async () => {
    const m = await member();
    await askCode(m.phone!);
    await smsCodeFor(m.phone!);
    const wrongs = ['000001', '000002', '000003', '000004', '000005', '000006', '000007', '000008'];
    await Promise.allSettled(wrongs.map((code) => verify({ phone: m.phone!, code })));
    const [row] = await rows(
      'select attempts, used_at is not null as closed from member_sign_ins where member_id = $1',
      [m.id],
    );
    expect(row).toEqual({ attempts: 5, closed: true });
  });

  it('expires after 10 minutes; a new code replaces the old one', async () => {
    const m = await member();
    await askCode(m.phone!);
    const first = await smsCodeFor(m.phone!);
    await askCode(m.phone!);
    const second = await smsCodeFor(m.phone!, 2);
    if (first !== second)
      expect((await refusal(verify({ phone: m.phone!, code: first }))).code).toBe('UNAUTHENTICATED');
    await bed.s.sql.query(
      "update member_sign_ins set expires_at = now() - interval '1 second' where member_id = $1",
      [m.id],
    );
    expect((await refusal(verify({ phone: m.phone!, code: second }))).code).toBe('UNAUTHENTICATED');
  });

  it('answers a stranger’s phone the same and sends nothing', async () => {
    const stranger = '+34699000111';
    expect(await askCode(stranger)).toEqual({ message: SIGN_IN_SENT_MESSAGE });
    await new Promise((r) => setTimeout(r, 300));
    expect(await bed.twilio.messagesTo(stranger)).toEqual([]);
    expect((await refusal(verify({ phone: stranger, code: '123456' }))).message).toBe(
      'That code is not right, or it has expired. Ask for a new one.',
    );
  });
});

describe('the sign-in throttle', () => {
  it('refuses a 4th request for one address within the window with Retry-After, member or not', async () => {
    const m = await member();
    const stranger = `nobody-${randomUUID()}@example.com`;
    for (const email of [m.email!, stranger]) {
      for (let i = 0; i < 3; i++) await askLink(email);
      const refused = await refusal(askLink(email));
      expect(refused.code).toBe('RATE_LIMITED');
      expect(refused.retryAfter).toBeGreaterThan(800);
      expect(refused.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes\.$/);
    }
  });

  it('refuses one client address past 30 requests, whatever it asks for', async () => {
    const ip = bed.nextIp();
    for (let i = 0; i < 30; i++) await askLink(`spray-${i}-${randomUUID()}@example.com`, ip);
    expect((await refusal(askLink(`spray-x@example.com`, ip))).code).toBe('RATE_LIMITED');
    // Another address is not held up.
    expect(await askLink('spray-y@example.com', bed.nextIp())).toEqual({ message: SIGN_IN_SENT_MESSAGE });
  });

  it('limits verifications per client address too', async () => {
    const ip = bed.nextIp();
    for (let i = 0; i < 30; i++) await refusal(verify({ token: `guess-${i}` }, ip));
    const refused = await refusal(verify({ token: 'guess-last' }, ip));
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.retryAfter).toBeGreaterThan(0);
  });

  it('sends one member at most 5 messages per window, silently: the 6th answer is the same, nothing sent', async () => {
    const m = await member();
    for (let i = 0; i < 3; i++) await askLink(m.email!);
    for (let i = 0; i < 3; i++) expect(await askCode(m.phone!)).toEqual({ message: SIGN_IN_SENT_MESSAGE });
    await waitFor(() => bed.smtp.mailTo(m.email!).length === 3);
    await waitFor(async () => (await bed.twilio.messagesTo(m.phone!)).length === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await bed.twilio.messagesTo(m.phone!)).toHaveLength(2);
  });
});

describe('member sessions', () => {
  async function signedIn() {
    const m = await member({ firstName: 'Iker', language: 'es' });
    await askLink(m.email!);
    return { m, session: await verify({ token: await linkTokenFor(m.email!) }) };
  }

  it('resolves to the member, and ends on sign-out', async () => {
    const { m, session } = await signedIn();
    const actor = await bed.s.call(RPC.members.resolveMemberSession, { token: session.token }, null);
    expect(actor).toMatchObject({ memberId: m.id, firstName: 'Iker', language: 'es' });
    // The profile asks the credits service for the balance: services/credits/test/member-credits.test.ts.
    const stored = await rows('select token_hash from member_sessions where member_id = $1', [m.id]);
    expect(stored[0].token_hash).not.toBe(session.token);
    await bed.s.call(RPC.members.endMemberSession, { token: session.token }, null);
    expect(await bed.s.call(RPC.members.resolveMemberSession, { token: session.token }, null)).toBeNull();
  });

  it('ends 30 idle minutes after its last use, and 12 hours after sign-in whatever the use', async () => {
    const idle = await signedIn();
    await bed.s.sql.query(
      "update member_sessions set last_used_at = now() - interval '31 minutes' where member_id = $1",
      [idle.m.id],
    );
    expect(
      await bed.s.call(RPC.members.resolveMemberSession, { token: idle.session.token }, null),
    ).toBeNull();
    const old = await signedIn();
    await bed.s.sql.query(
      "update member_sessions set expires_at = now() - interval '1 second' where member_id = $1",
      [old.m.id],
    );
    expect(await bed.s.call(RPC.members.resolveMemberSession, { token: old.session.token }, null)).toBeNull();
  });

  it('ends when its member is erased', async () => {
    const { m, session } = await signedIn();
    await bed.s.call(RPC.members.erase, { id: m.id });
    expect(await bed.s.call(RPC.members.resolveMemberSession, { token: session.token }, null)).toBeNull();
  });
});

describe('without Twilio settings', () => {
  it('offers no SMS, answers /code the same and sends nothing', async () => {
    const off = await startServices({ SMTP_URL: bed.smtp.url, MEMBERS_DEFAULT_PHONE_REGION: 'ES' });
    try {
      await off.sql.query('set search_path to members, public');
      expect(await off.call(RPC.members.signInChannels, {}, null)).toEqual({ email: true, sms: false });
      const m = await off.call(RPC.members.create, {
        firstName: 'Off',
        phone: '+34612399999',
        idempotencyKey: randomUUID(),
      } as never);
      expect(await off.callFrom('203.0.113.5', RPC.members.signInCode, { phone: m.phone! })).toEqual({
        message: SIGN_IN_SENT_MESSAGE,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect((await off.sql.query('select count(*)::int as n from member_sign_ins')).rows[0].n).toBe(0);
    } finally {
      await off.close();
    }
    expect(await bed.s.call(RPC.members.signInChannels, {}, null)).toEqual({ email: true, sms: true });
  });
});
