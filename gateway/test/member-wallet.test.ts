import { createPublicKey, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { MEMBER_WALLET_NOT_CONFIGURED, type PassKeysResponse } from '@avpass/contracts';
import {
  judgePass,
  judgeTotpPass,
  memberTotpSecret,
  parsePass,
  toHex,
  totpAt,
  type PassVerifier,
} from '@avpass/domain';
import { TestSmtpServer, waitFor } from '@avpass/platform/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGoogleWalletStandIn,
  type GoogleWalletStandIn,
} from '@avpass/wallet-service/test/support/stand-ins';
import {
  makeTestAppleCertificates,
  verifyPkpassSignature,
} from '@avpass/wallet-service/test/support/test-certificates';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 43 (decisions 370, 371): the member pass in Google Wallet (a rotating TOTP barcode whose
// secret goes through the REST API, never the save link) and in Apple Wallet (a static signed code
// the till accepts with a second factor), through the real gateway, members and wallet services,
// PostgreSQL, Redis and NATS, with the Google Wallet API stand-in.
const certs = makeTestAppleCertificates();
const ISSUER = '3388000000012345678';
const PASS_SECRET = 'member-pass-secret-for-the-wallet-test-0123456789';
const googleKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

let smtp: TestSmtpServer;

async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A member made by the administrator, signed in through the e-mail link: their id and session token. */
async function signedInMember(h: Harness, firstName = 'Nerea', lastName = 'Ortiz') {
  const admin = await h.adminToken();
  const email = `pass-${randomUUID().slice(0, 8)}@example.com`;
  const made = await h.api('/api/members', {
    method: 'POST',
    token: admin,
    json: { firstName, lastName, email, language: 'es' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect((await h.api('/api/member-auth/link', { method: 'POST', json: { email } })).status).toBe(202);
  const mail = await waitFor(() => smtp.mailTo(email)[0]);
  const linkToken = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  const verified = await h.api('/api/member-auth/verify', { method: 'POST', json: { token: linkToken } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { id: made.body.id as string, token: verified.body.token as string };
}

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
});
afterAll(async () => {
  await smtp?.stop();
});

describe('the member pass in the wallets, not configured', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(
      { SMTP_URL: smtp.url, MEMBER_PASS_SECRET: PASS_SECRET },
      { services: ['partners', 'members', 'wallet'] },
    );
  }, 120_000);
  afterAll(() => h?.close());

  it('answers 404 with a plain message for each wallet', async () => {
    const member = await signedInMember(h);
    const google = await h.api('/api/me/pass/wallet/google', { token: member.token });
    expect(google.status).toBe(404);
    expect(google.body.message).toBe(MEMBER_WALLET_NOT_CONFIGURED.google);
    const apple = await h.api('/api/me/pass/wallet/apple', { token: member.token });
    expect(apple.status).toBe(404);
    expect(apple.body.message).toBe(MEMBER_WALLET_NOT_CONFIGURED.apple);
  });
});

describe('the member pass in the wallets, configured', () => {
  let h: Harness;
  let gw: GoogleWalletStandIn;

  beforeAll(async () => {
    gw = await startGoogleWalletStandIn();
    h = await startHarness(
      {
        SMTP_URL: smtp.url,
        MEMBER_PASS_SECRET: PASS_SECRET,
        APPLE_PASS_TYPE_ID: certs.passTypeIdentifier,
        APPLE_TEAM_ID: certs.teamIdentifier,
        APPLE_SIGNER_CERT: certs.signerCertPem,
        APPLE_SIGNER_KEY: certs.signerKeyPem,
        APPLE_WWDR_CERT: certs.wwdrPem,
        GOOGLE_WALLET_ISSUER_ID: ISSUER,
        GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
          client_email: 'wallet@test.iam.gserviceaccount.com',
          private_key: googleKey,
          token_uri: gw.tokenUrl,
        }),
        GOOGLE_WALLET_API_URL: gw.apiUrl,
        WALLET_JOB_BACKOFF_MS: '100',
        WALLET_CALL_TIMEOUT_MS: '2000',
      },
      { services: ['partners', 'members', 'wallet', 'vouchers'] },
    );
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await gw?.close();
  });

  const objectOf = (memberId: string) => gw.objects.get(`${ISSUER}.avpass-member-${memberId}`);
  type Barcode = {
    type: string;
    valuePattern: string;
    totpDetails: {
      periodMillis: string;
      algorithm: string;
      parameters: Array<{ key: string; valueLength: number }>;
    };
  };
  /** The code Google Wallet shows at `ms`, made as the phone makes it from the object's pattern and key. */
  const googleCode = (barcode: Barcode, ms: number) => {
    const seconds = Math.floor(ms / 1000);
    const key = Uint8Array.from(Buffer.from(barcode.totpDetails.parameters[0]!.key, 'hex'));
    return barcode.valuePattern
      .replace('{totp_timestamp_seconds}', String(seconds))
      .replace('{totp_value_0}', totpAt(key, seconds));
  };
  const judge = (code: string, currentVersion: number, nowMs = Date.now()) =>
    judgeTotpPass(code, {
      nowMs,
      currentVersion,
      secretFor: (id, version) => memberTotpSecret(PASS_SECRET, id, version),
    });

  it('refuses anonymous callers and staff sessions on /api/me/pass/wallet/* (401)', async () => {
    const admin = await h.adminToken();
    const partner = await createPartnerWithUser(h, 'Wallet Till Shop');
    for (const path of ['/api/me/pass/wallet/google', '/api/me/pass/wallet/apple']) {
      expect((await h.api(path)).status, path).toBe(401);
      expect((await h.api(path, { token: admin })).status, path).toBe(401);
      expect((await h.api(path, { token: partner.token })).status, path).toBe(401);
      expect((await h.api(path, { token: 'x'.repeat(600) })).status, path).toBe(401);
    }
  });

  it("Google: the object is inserted through the API with the member's TOTP secret; the save link names it and holds no secret", async () => {
    const member = await signedInMember(h, 'Iker', 'Zubiri');
    const res = await h.api('/api/me/pass/wallet/google', { token: member.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const saveUrl = res.body.saveUrl as string;
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);

    const secretHex = toHex(memberTotpSecret(PASS_SECRET, member.id, 1));
    const object = objectOf(member.id) as Record<string, unknown> & { rotatingBarcode: Barcode };
    expect(object).toMatchObject({
      classId: `${ISSUER}.avpass-member`,
      state: 'ACTIVE',
      header: { defaultValue: { value: 'Iker Z.' } },
      rotatingBarcode: {
        type: 'QR_CODE',
        totpDetails: {
          periodMillis: '30000',
          algorithm: 'TOTP_SHA1',
          parameters: [{ key: secretHex, valueLength: 8 }],
        },
      },
    });
    expect(gw.classes.has(`${ISSUER}.avpass-member`)).toBe(true);
    // The object went to Google by the REST API (a POST with a bearer token)…
    const insert = gw.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path.endsWith('/genericObject') &&
        JSON.stringify(r.body).includes(secretHex),
    );
    expect(insert?.headers.authorization).toMatch(/^Bearer /);
    // …and the link's JWT names it by id only: no secret, no barcode.
    const jwt = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({ aud: 'google', typ: 'savetowallet' });
    expect(claims.payload).toEqual({
      genericObjects: [{ id: `${ISSUER}.avpass-member-${member.id}`, classId: `${ISSUER}.avpass-member` }],
    });
    const decoded = JSON.stringify(claims);
    expect(decoded).not.toContain(secretHex);
    expect(decoded).not.toContain('totp');
    expect(decoded).not.toContain('rotatingBarcode');

    // What the phone shows is a pass the server accepts now, and refuses as a 2-minute-old screenshot.
    const now = Date.now();
    const shown = googleCode(object.rotatingBarcode, now);
    expect(shown).toMatch(/^AVPT:[A-Z2-7]{26}-1-\d{10}-\d{8}$/);
    expect(await judge(shown, 1, now)).toMatchObject({ ok: true, claims: { memberId: member.id } });
    expect(await judge(googleCode(object.rotatingBarcode, now - 120_000), 1, now)).toMatchObject({
      ok: false,
      refusal: 'stale',
    });

    // Asking again keeps one object (the insert finds it and patches it).
    expect((await h.api('/api/me/pass/wallet/google', { token: member.token })).status).toBe(200);
    expect([...gw.objects.keys()].filter((id) => id.includes(member.id))).toHaveLength(1);
  });

  /** The Google object's barcode once its key is the member's secret of `version` (the patch job ran). */
  const patchedTo = (memberId: string, version: number): Promise<Barcode> => {
    const key = toHex(memberTotpSecret(PASS_SECRET, memberId, version));
    return until(`the Google object patched to version ${version}`, () => {
      const barcode = objectOf(memberId)!.rotatingBarcode as Barcode;
      return barcode.totpDetails.parameters[0]!.key === key ? barcode : null;
    }).then((barcode) => barcode!);
  };
  const scan = (code: string) =>
    h.adminToken().then((token) => h.api('/api/till/pass', { method: 'POST', token, json: { code } }));

  it("Google: the member's revoke (the pass version moves on) patches the object with the new secret; the till refuses the old codes", async () => {
    const member = await signedInMember(h, 'Ane', 'Goñi');
    expect((await h.api('/api/me/pass/wallet/google', { token: member.token })).status).toBe(200);
    const before = structuredClone(objectOf(member.id)!.rotatingBarcode as Barcode);
    // What the phone shows is scanned at the till (the members service judges the TOTP code).
    const accepted = await scan(googleCode(before, Date.now()));
    expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({
      accepted: true,
      holder: { firstName: 'Ane', lastInitial: 'G' },
    });

    const revoked = await h.api('/api/me/pass/revoke', {
      method: 'POST',
      token: member.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.passVersion).toBe(2);
    const after = await patchedTo(member.id, 2);
    expect(after.valuePattern).toMatch(/^AVPT:[A-Z2-7]{26}-2-\{totp_timestamp_seconds\}-\{totp_value_0\}$/);
    const newKey = after.totpDetails.parameters[0]!.key;
    const patch = gw.requests.find(
      (r) => r.method === 'PATCH' && r.path.includes(member.id) && JSON.stringify(r.body).includes(newKey),
    );
    expect(patch?.headers.authorization).toMatch(/^Bearer /);
    const now = Date.now();
    expect(await judge(googleCode(after, now), 2, now)).toMatchObject({ ok: true });
    expect(await judge(googleCode(before, now), 2, now)).toMatchObject({ ok: false, refusal: 'revoked' });
    expect((await scan(googleCode(before, Date.now()))).body).toMatchObject({
      accepted: false,
      refusal: 'revoked',
      vouchers: [],
    });
    expect((await scan(googleCode(after, Date.now()))).body).toMatchObject({ accepted: true });
  });

  it("Google: the administrator's revoke patches the object too", async () => {
    const member = await signedInMember(h, 'Jon', 'Etxeberria');
    expect((await h.api('/api/me/pass/wallet/google', { token: member.token })).status).toBe(200);
    const res = await h.api(`/api/members/${member.id}/pass/revoke`, {
      method: 'POST',
      token: await h.adminToken(),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await patchedTo(member.id, 2)).valuePattern).toContain('-2-{totp_timestamp_seconds}');
  });

  it("Google: an erasure moves the pass on: the object gets the new secret and loses the member's name", async () => {
    const member = await signedInMember(h, 'Leire', 'Mendia');
    expect((await h.api('/api/me/pass/wallet/google', { token: member.token })).status).toBe(200);
    const before = structuredClone(objectOf(member.id)!.rotatingBarcode as Barcode);
    const erased = await h.api(`/api/members/${member.id}`, {
      method: 'DELETE',
      token: await h.adminToken(),
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const after = await patchedTo(member.id, 2);
    expect(objectOf(member.id)).toMatchObject({ header: { defaultValue: { value: 'Member' } } });
    expect(JSON.stringify(objectOf(member.id))).not.toContain('Leire');
    expect(after.totpDetails.parameters[0]!.key).not.toBe(before.totpDetails.parameters[0]!.key);
    for (const barcode of [before, after])
      expect((await scan(googleCode(barcode, Date.now()))).body).toMatchObject({
        accepted: false,
        refusal: 'revoked',
      });
  });

  it('Apple: a signed member pass whose QR is a static code (parsePass: kind static) and which names the second factor in English and Spanish', async () => {
    const member = await signedInMember(h, 'Maite', 'Arana');
    const res = await fetch(`${h.url}/api/me/pass/wallet/apple`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const zip = Buffer.from(await res.arrayBuffer());
    const check = verifyPkpassSignature(zip, certs.caPem);
    expect(check.manifestOk).toBe(true);
    expect(check.signatureOk, check.opensslOutput).toBe(true);
    const pass = JSON.parse(check.files['pass.json']!.toString('utf8'));
    expect(pass).toMatchObject({
      passTypeIdentifier: certs.passTypeIdentifier,
      serialNumber: `member-${member.id}`,
      description: 'AV Pass member pass',
    });
    expect(pass.webServiceURL).toBeUndefined();
    const message = pass.barcodes[0].message as string;
    expect(pass.barcodes[0].format).toBe('PKBarcodeFormatQR');
    const parsed = parsePass(message);
    expect(parsed).toMatchObject({ kind: 'static', memberId: member.id, passVersion: 1, step: 0 });

    // Signed by the members service's key schedule: a till verifies it with the keys it keeps…
    const keys = await h.api('/api/till/pass-keys', { token: await h.adminToken() });
    expect(keys.status).toBe(200);
    const nodeVerify: PassVerifier = async (publicKey, data, signature) =>
      verify(
        null,
        data,
        createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' }),
        signature,
      );
    const judged = await judgePass(message, {
      nowMs: Date.now(),
      keys: (keys.body as PassKeysResponse).keys,
      verify: nodeVerify,
      currentVersion: 1,
    });
    expect(judged).toMatchObject({ ok: true, claims: { kind: 'static', memberId: member.id } });
    // …and online the till asks for the second factor.
    expect((await scan(message)).body).toMatchObject({ accepted: false, refusal: 'second_factor' });

    const text = JSON.stringify(pass.generic);
    expect(text).toContain('Maite A.');
    expect(text).toContain('Your date of birth or the last 4 digits of your phone');
    const strings = check.files['es.lproj/pass.strings']!.toString('utf8');
    expect(strings).toContain(
      '"Your date of birth or the last 4 digits of your phone" = "Su fecha de nacimiento o los últimos 4 dígitos de su teléfono";',
    );
    expect(strings).toContain('"AV Pass member pass" = "Pase de miembro de AV Pass";');
  });
});
