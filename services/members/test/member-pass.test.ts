import {
  PASS_REFUSAL_MESSAGES,
  RPC,
  SECOND_FACTOR_WRONG_MESSAGE,
  type Actor,
  type Member,
  type MemberPass,
} from '@avpass/contracts';
import {
  encodePass,
  judgePass,
  parsePass,
  passSigningBytes,
  passStepAt,
  passStepStart,
  type PassClaims,
} from '@avpass/domain';
import { MemberPassService } from '@avpass/members-service';
import { createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusal, startServices, testClock, type Services, type TestClock } from './support/services';

// Issue 43 (decisions 363, 364): the member pass in the members service, over NATS as the gateway
// calls it, against the real PostgreSQL, NATS and Redis; the service's clock is the test's.
const DAY = 86_400_000;
/** A step's start: every instant below is on the step grid unless it says otherwise. */
const T0 = Date.UTC(2030, 0, 7, 12, 0, 0);
const at = (ms: number) => new Date(ms);

let s: Services;
let clock: TestClock;
const SHOP: Actor = { userId: randomUUID(), role: 'company_admin', companyId: randomUUID() };
const ORPHAN: Actor = { userId: randomUUID(), role: 'company_admin', companyId: null };

beforeAll(async () => {
  clock = testClock();
  clock.set(at(T0));
  s = await startServices({ MEMBERS_DEFAULT_PHONE_REGION: 'ES' }, { clock });
  await s.sql.query('set search_path to members, public');
  // The first keys are made at T0 (the first use of the pass): key 1 signs from T0's step.
  await s.call(RPC.members.passKeys, {});
}, 60_000);
afterAll(async () => {
  await s?.close();
});
beforeEach(() => clock.set(at(T0)));

let phones = 0;
const newMember = (fields: Record<string, unknown> = {}): Promise<Member> =>
  s.call(RPC.members.create, {
    firstName: 'Lucía',
    lastName: 'García',
    email: `pass-${randomUUID().slice(0, 8)}@example.com`,
    phone: `+346123${String(10000 + ++phones)}`,
    idempotencyKey: randomUUID(),
    ...fields,
  } as never);
const passOf = (memberId: string) => s.call(RPC.members.memberPass, { memberId }, null);
const scan = (code: string, actor: Actor = SHOP, more: Record<string, unknown> = {}) =>
  s.call(RPC.members.judgeTillPass, { code, ...more }, actor);
/** The member's session asking (kept by their revoke; a retry comes from the same one). */
const ASKING_SESSION = randomUUID();
const revokeOwn = (memberId: string, idempotencyKey?: string) =>
  s.call(
    RPC.members.revokeOwnPass,
    { memberId, sessionId: ASKING_SESSION, ...(idempotencyKey ? { idempotencyKey } : {}) },
    null,
  );
const codeOfStep = (pass: MemberPass, step: number) => pass.codes.find((c) => c.step === step)!.code;
const service = () => s.apps[0]!.get(MemberPassService);

describe("the member's pass", () => {
  it('answers the codes of the current step and the next 9, each genuine for its step, by the server clock', async () => {
    const member = await newMember();
    clock.set(at(T0 + 45_000));
    const pass = await passOf(member.id);
    const now = passStepAt(T0 + 45_000);
    expect(pass).toMatchObject({
      memberId: member.id,
      holder: { firstName: 'Lucía', lastInitial: 'G' },
      passVersion: 1,
      stepSeconds: 30,
      serverTime: new Date(T0 + 45_000).toISOString(),
      wallet: { google: false, apple: false },
    });
    expect(pass.codes.map((c) => c.step)).toEqual(Array.from({ length: 10 }, (_, i) => now + i));
    const { keys } = await s.call(RPC.members.passKeys, {});
    for (const { step, code } of pass.codes) {
      expect(code).toMatch(/^AVPM:[A-Z2-7]{149}$/);
      expect(parsePass(code)).toMatchObject({ kind: 'rotating', memberId: member.id, passVersion: 1, step });
      // Each code is good while its step is the checker's.
      const judged = await judgePass(code, {
        nowMs: passStepStart(step) + 1000,
        keys,
        verify: async (publicKey, message, signature) =>
          verify(
            null,
            message,
            createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' }),
            signature,
          ),
      });
      expect(judged.ok, `step ${step}`).toBe(true);
    }
  });

  it('a screenshot (a code of 2 minutes ago) is refused as stale; up to 90 s old it is taken', async () => {
    const member = await newMember();
    const pass = await passOf(member.id);
    const code = codeOfStep(pass, passStepAt(T0));
    clock.set(at(T0 + 89_000));
    expect(await scan(code)).toMatchObject({ accepted: true, memberId: member.id });
    clock.set(at(T0 + 90_000));
    expect(await scan(code)).toEqual({
      accepted: false,
      refusal: 'stale',
      reason: 'Ask the member to open their pass',
      reasonCode: 'member-pass.stale',
    });
    clock.set(at(T0 + 120_000));
    expect(await scan(code)).toMatchObject({
      accepted: false,
      refusal: 'stale',
      reasonCode: 'member-pass.stale',
    });
  });

  it('takes a code of the step before and after the till clock (±30 s of skew), not two ahead', async () => {
    const member = await newMember({ lastName: 'ortiz' });
    const pass = await passOf(member.id);
    const step = passStepAt(T0);
    // The phone runs 30 s behind the till: its code is of the step before.
    clock.set(at(T0 + 30_000));
    const behind = await scan(codeOfStep(pass, step));
    expect(behind).toEqual({
      accepted: true,
      memberId: member.id,
      holder: { firstName: 'Lucía', lastInitial: 'O', photoUrl: null },
    });
    // The phone runs 30 s ahead: its code is of the next step.
    clock.set(at(T0));
    expect(await scan(codeOfStep(pass, step + 1))).toMatchObject({ accepted: true });
    expect(await scan(codeOfStep(pass, step + 2))).toMatchObject({ accepted: false, refusal: 'stale' });
  });

  it('refuses a code signed by an unknown key, by a known id with another key, or altered', async () => {
    const member = await newMember();
    const pass = await passOf(member.id);
    const step = passStepAt(T0);
    const { privateKey } = generateKeyPairSync('ed25519');
    const forge = (keyId: number) => {
      const claims: PassClaims = { kind: 'rotating', keyId, memberId: member.id, passVersion: 1, step };
      return encodePass(claims, new Uint8Array(sign(null, passSigningBytes(claims), privateKey)));
    };
    const genuine = parsePass(codeOfStep(pass, step))!;
    for (const code of [forge(999), forge(genuine.keyId)]) {
      expect(await scan(code)).toEqual({
        accepted: false,
        refusal: 'not_genuine',
        reason: PASS_REFUSAL_MESSAGES.not_genuine,
        reasonCode: 'member-pass.not_genuine',
      });
    }
    // Another member's id in a genuine code's header: the signature no longer matches.
    const other = await newMember();
    const swapped = encodePass({ ...genuine, memberId: other.id }, genuine.signature);
    expect(await scan(swapped)).toMatchObject({ refusal: 'not_genuine' });
    expect(await scan('https://example.com/v/123')).toEqual({
      accepted: false,
      refusal: 'not_a_pass',
      reason: PASS_REFUSAL_MESSAGES.not_a_pass,
      reasonCode: 'member-pass.not_a_pass',
    });
  });

  it('a revoked pass is refused online; the new codes work; the audit trail says who and what', async () => {
    const member = await newMember();
    const before = await passOf(member.id);
    const old = codeOfStep(before, passStepAt(T0));
    expect(await scan(old)).toMatchObject({ accepted: true });
    expect(await revokeOwn(member.id, randomUUID())).toEqual({
      message: 'Pass revoked: its earlier codes no longer work',
      passVersion: 2,
    });
    expect(await scan(old)).toEqual({
      accepted: false,
      refusal: 'revoked',
      reason: PASS_REFUSAL_MESSAGES.revoked,
      reasonCode: 'member-pass.revoked',
    });
    const after = await passOf(member.id);
    expect(after.passVersion).toBe(2);
    expect(await scan(codeOfStep(after, passStepAt(T0)))).toMatchObject({ accepted: true });
    expect((await s.call(RPC.members.get, { id: member.id })).passVersion).toBe(2);
    const admin = await s.call(RPC.members.revokePass, { id: member.id, idempotencyKey: randomUUID() });
    expect(admin.passVersion).toBe(3);
    const exported = await s.call(RPC.members.export, { id: member.id });
    type Entry = { action: string; actorType: string; changes: Record<string, unknown> | null };
    const passChanges = (exported.auditHistory as unknown as Entry[])
      .filter((e) => e.changes?.passVersion)
      .map((e) => [e.action, e.actorType, e.changes!.passVersion]);
    // The pass's version is recorded by its revokes only (not as a field of the created member).
    expect(passChanges).toEqual([
      ['members.member.updated', 'public', { before: 1, after: 2 }],
      ['members.member.updated', 'user', { before: 2, after: 3 }],
    ]);
  });

  it('the same Idempotency-Key twice revokes once; two different keys at once revoke twice, none lost', async () => {
    const member = await newMember();
    const key = randomUUID();
    const [first, again] = [await revokeOwn(member.id, key), await revokeOwn(member.id, key)];
    expect(first).toEqual(again);
    expect(first.passVersion).toBe(2);
    const admin = await s.call(RPC.members.revokePass, { id: member.id, idempotencyKey: key });
    expect(admin.passVersion).toBe(3); // the administrator's key is the administrator's own
    const concurrent = await Promise.all([
      revokeOwn(member.id, randomUUID()),
      revokeOwn(member.id, randomUUID()),
      s.call(RPC.members.revokePass, { id: member.id, idempotencyKey: randomUUID() }),
    ]);
    expect(concurrent.map((r) => r.passVersion).sort()).toEqual([4, 5, 6]);
    expect((await passOf(member.id)).passVersion).toBe(6);
  });

  it('refuses a partner the administrator’s revoke, an unknown or erased member (404), a bad key (400)', async () => {
    const member = await newMember();
    const forbidden = await refusal(
      s.call(RPC.members.revokePass, { id: member.id, idempotencyKey: randomUUID() }, SHOP),
    );
    expect(forbidden.code).toBe('FORBIDDEN');
    expect((await refusal(revokeOwn(randomUUID(), randomUUID()))).code).toBe('NOT_FOUND');
    const badKey = await refusal(revokeOwn(member.id, 'a key with spaces'));
    expect(badKey.code).toBe('VALIDATION_FAILED');
    expect((await refusal(s.call(RPC.members.revokePass, { id: 'nope' } as never))).code).toBe(
      'VALIDATION_FAILED',
    );
    const old = codeOfStep(await passOf(member.id), passStepAt(T0));
    await s.call(RPC.members.erase, { id: member.id });
    expect((await refusal(passOf(member.id))).message).toBe('Member not found');
    expect((await refusal(revokeOwn(member.id, randomUUID()))).code).toBe('NOT_FOUND');
    expect(await scan(old)).toMatchObject({ accepted: false, refusal: 'revoked' });
  });
});

describe('the till’s scan: who may, and what it takes', () => {
  it('refuses an account without a company (403) and anonymous callers; the administrator may scan', async () => {
    const member = await newMember();
    const code = codeOfStep(await passOf(member.id), passStepAt(T0));
    expect((await refusal(scan(code, ORPHAN))).code).toBe('FORBIDDEN');
    expect((await refusal(s.call(RPC.members.judgeTillPass, { code }, null))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(s.call(RPC.members.passKeys, {}, null))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(s.call(RPC.members.passRevocations, {}, null))).code).toBe('UNAUTHENTICATED');
    expect(await scan(code, { userId: randomUUID(), role: 'super_admin', companyId: null })).toMatchObject({
      accepted: true,
    });
  });

  it('refuses a malformed request with 400 and its message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '' }, 'Scan the member pass'],
      [{ code: '   ' }, 'Scan the member pass'],
      [{ code: 'x'.repeat(2001) }, 'Scan the member pass'],
      [{}, 'Scan the member pass'],
      [
        { code: 'AVPM:X', secondFactor: '12' },
        "Second factor must be the member's date of birth (YYYY-MM-DD) or the last 4 digits of their phone",
      ],
      [{ code: 'AVPM:X', transactionAmount: -1 }, 'Sale amount must not be negative'],
      [{ code: 'AVPM:X', transactionAmount: 'lots' }, 'Sale amount must be a number of cents, not "lots"'],
    ];
    for (const [body, message] of cases) {
      const error = await refusal(s.call(RPC.members.judgeTillPass, body as never, SHOP));
      expect(error.code, JSON.stringify(body)).toBe('VALIDATION_FAILED');
      expect(error.message, JSON.stringify(body)).toBe(message);
    }
  });

  it('a static code (Apple Wallet) asks for the date of birth or the phone’s last 4 digits, and counts the tries', async () => {
    const member = await newMember({ birthDate: '1990-04-23', phone: '+34612349876' });
    const code = await service().signedCode({
      kind: 'static',
      memberId: member.id,
      passVersion: 1,
      step: 0,
    });
    expect(await scan(code)).toEqual({
      accepted: false,
      refusal: 'second_factor',
      reason: PASS_REFUSAL_MESSAGES.second_factor,
      reasonCode: 'member-pass.second_factor',
    });
    expect(await scan(code, SHOP, { secondFactor: '1990-04-24' })).toEqual({
      accepted: false,
      refusal: 'second_factor',
      reason: SECOND_FACTOR_WRONG_MESSAGE,
      reasonCode: 'member-pass.second-factor-wrong',
    });
    expect(await scan(code, SHOP, { secondFactor: '1234' })).toMatchObject({
      reason: SECOND_FACTOR_WRONG_MESSAGE,
    });
    // Hours later, by the test clock: a static code has no step.
    clock.set(at(T0 + 5 * 3600_000));
    expect(await scan(code, SHOP, { secondFactor: '1990-04-23' })).toMatchObject({
      accepted: true,
      memberId: member.id,
    });
    expect(await scan(code, SHOP, { secondFactor: ' 9876 ' })).toMatchObject({ accepted: true });
    expect(await scan(code, SHOP, { secondFactor: '0000' })).toMatchObject({ accepted: false });
    // Five tries in the window (MEMBER_PASS_FACTOR_ATTEMPTS), right or wrong: the sixth is refused.
    const throttled = await refusal(scan(code, SHOP, { secondFactor: '1990-04-23' }));
    expect(throttled.code).toBe('RATE_LIMITED');
    expect(throttled.message).toMatch(
      /^Too many tries of this member's date of birth or phone\. Please try again in \d+ minutes?\.$/,
    );
    // A revoked pass's static code is refused before any factor is asked.
    await revokeOwn(member.id, randomUUID());
    expect(await scan(code, SHOP, { secondFactor: '1990-04-23' })).toMatchObject({ refusal: 'revoked' });
  });
});

describe('the keys', () => {
  it('rotate every MEMBER_PASS_KEY_DAYS: the next key is listed a period ahead; codes of both verify across the change', async () => {
    clock.set(at(T0));
    const first = await s.call(RPC.members.passKeys, {});
    expect(first).toMatchObject({ stepSeconds: 30, maxAgeSeconds: 90, serverTime: at(T0).toISOString() });
    const [k1, k2] = first.keys;
    expect(first.keys).toHaveLength(2);
    expect(k1!.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const change = Date.parse(k2!.notBefore);
    expect(change).toBeGreaterThan(T0);
    expect(change - Date.parse(k1!.notBefore)).toBe(30 * DAY);
    expect(Date.parse(k1!.verifyUntil)).toBe(change + 30 * DAY);

    // A minute before the change, the pass's codes span both keys.
    const member = await newMember();
    clock.set(at(change - 60_000));
    const pass = await passOf(member.id);
    const boundary = passStepAt(change);
    const keyOf = (step: number) => parsePass(codeOfStep(pass, step))!.keyId;
    expect([keyOf(boundary - 2), keyOf(boundary - 1), keyOf(boundary), keyOf(boundary + 1)]).toEqual([
      k1!.keyId,
      k1!.keyId,
      k2!.keyId,
      k2!.keyId,
    ]);
    // Fifteen seconds after it, the old key's last code and the new key's first are both taken.
    clock.set(at(change + 15_000));
    expect(await scan(codeOfStep(pass, boundary - 1))).toMatchObject({ accepted: true });
    expect(await scan(codeOfStep(pass, boundary))).toMatchObject({ accepted: true });
    // The new key signing, its successor is listed (not yet signing); the old one still verifies.
    const rotated = await s.call(RPC.members.passKeys, {});
    expect(rotated.keys.map((k) => k.keyId)).toEqual([k1!.keyId, k2!.keyId, k2!.keyId + 1]);
    expect(Date.parse(rotated.keys[2]!.notBefore)).toBe(change + 30 * DAY);
    // Past its grace, the old key is no longer listed, and a code it signed is not genuine.
    clock.set(at(change + 30 * DAY + 1000));
    const later = await s.call(RPC.members.passKeys, {});
    expect(later.keys.map((k) => k.keyId)).not.toContain(k1!.keyId);
    const stale = await service().signedCode(
      { kind: 'static', memberId: member.id, passVersion: 1, step: 0 },
      at(change - 1000),
    );
    expect(parsePass(stale)!.keyId).toBe(k1!.keyId);
    expect(await scan(stale, SHOP, { secondFactor: '0000' })).toMatchObject({ refusal: 'not_genuine' });
  });
});

describe('the revocations list', () => {
  it('lists every member whose pass moved on (revoked, erased), paged; `since` gives only what changed after', async () => {
    const [a, b, c] = [await newMember(), await newMember(), await newMember()];
    await revokeOwn(a.id, randomUUID());
    await s.call(RPC.members.revokePass, { id: b.id, idempotencyKey: randomUUID() });
    const all: { memberId: string; passVersion: number }[] = [];
    let cursor: string | undefined;
    let since: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await s.call(
        RPC.members.passRevocations,
        { limit: 1, ...(cursor ? { cursor } : {}) },
        SHOP,
      );
      since ??= page.since;
      all.push(...page.items);
      if (!page.nextCursor) break;
      expect(page.items).toHaveLength(1);
      cursor = page.nextCursor;
    }
    expect(all).toEqual(
      expect.arrayContaining([
        { memberId: a.id, passVersion: 2 },
        { memberId: b.id, passVersion: 2 },
      ]),
    );
    expect(all.find((r) => r.memberId === c.id)).toBeUndefined();
    expect(new Set(all.map((r) => r.memberId)).size).toBe(all.length);

    // After the list: one more revoke and an erasure; the delta is exactly those.
    await revokeOwn(a.id, randomUUID());
    await s.call(RPC.members.erase, { id: c.id });
    const delta = await s.call(RPC.members.passRevocations, { since: since! }, SHOP);
    expect(delta.items).toEqual([
      { memberId: a.id, passVersion: 3 },
      { memberId: c.id, passVersion: 2 },
    ]);
    expect(delta.nextCursor).toBeNull();
    const nothing = await s.call(RPC.members.passRevocations, { since: delta.since }, SHOP);
    expect(nothing.items).toEqual([]);
  });

  it('refuses a since, cursor or limit that is not one of its own (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ since: 'tuesday' }, 'since must be the since of an earlier answer'],
      [{ since: '99999999999:99999999999:' }, 'since is not of this database: read the whole list again'],
      [{ cursor: 'not-a-cursor' }, 'cursor is not valid; start again from the first page'],
      [{ limit: 0 }, 'limit must be at least 1'],
      [{ limit: 1001 }, 'limit must be at most 1000'],
    ];
    for (const [query, message] of cases) {
      const error = await refusal(s.call(RPC.members.passRevocations, query as never, SHOP));
      expect(error.code, JSON.stringify(query)).toBe('VALIDATION_FAILED');
      expect(error.message, JSON.stringify(query)).toBe(message);
    }
  });
});

describe('the date of birth', () => {
  it('is kept on create and update, exported, scrubbed by an erasure; a bad one is a 400', async () => {
    const member = await newMember({ birthDate: '1985-12-31' });
    expect(member.birthDate).toBe('1985-12-31');
    const changed = await s.call(RPC.members.update, { id: member.id, birthDate: '1986-01-01' });
    expect(changed.birthDate).toBe('1986-01-01');
    expect((await s.call(RPC.members.update, { id: member.id, firstName: 'Ana' })).birthDate).toBe(
      '1986-01-01',
    );
    const exported = await s.call(RPC.members.export, { id: member.id });
    expect(exported.member.birthDate).toBe('1986-01-01');
    expect(JSON.stringify(exported.auditHistory)).not.toContain('1986-01-01');
    expect((await s.call(RPC.members.update, { id: member.id, birthDate: '' })).birthDate).toBeNull();
    for (const [birthDate, message] of [
      ['23/04/1990', 'Date of birth must be a date (YYYY-MM-DD)'],
      ['1990-02-30', 'Date of birth must be a real day between 1900 and today'],
      ['2999-01-01', 'Date of birth must be a real day between 1900 and today'],
    ]) {
      const error = await refusal(s.call(RPC.members.update, { id: member.id, birthDate }));
      expect(error.message, birthDate).toBe(message);
    }
    await s.call(RPC.members.update, { id: member.id, birthDate: '1986-01-01' });
    await s.call(RPC.members.erase, { id: member.id });
    const row = await s.sql.query('select birth_date, pass_version from members where id = $1', [member.id]);
    expect(row.rows[0]).toEqual({ birth_date: null, pass_version: 2 });
  });
});
