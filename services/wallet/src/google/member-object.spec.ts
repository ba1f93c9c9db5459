import { generateKeyPairSync } from 'node:crypto';
import { judgeTotpPass, memberTotpSecret, toHex, totpAt } from '@avpass/domain';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleWalletStandIn, type GoogleWalletStandIn } from '../../test/support/stand-ins';
import { GOOGLE_SAVE_URL, GoogleWalletApi, googleMemberIds, googleMemberObject } from './google-wallet';
import type { GoogleMemberPass } from './member-object';

const ISSUER = '3388000000022123456';
const MEMBER = '0f9e8d7c-6b5a-4321-8fed-cba987654321';
const MASTER = 'member-pass-secret-for-the-spec-0123456789';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account = {
  client_email: 'wallet@avpass-test.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const context = { issuerId: ISSUER, issuerName: 'AV Pass' };
const pass = (version = 1): GoogleMemberPass => ({
  memberId: MEMBER,
  passVersion: version,
  secretHex: toHex(memberTotpSecret(MASTER, MEMBER, version)),
  holder: { firstName: 'Nerea', lastInitial: 'O' },
});

describe('the member pass as a Google Wallet generic object', () => {
  it('has stable ids, the name, and a rotating barcode of SHA-1 TOTP, 30 s, 8 digits with the secret in Base16', () => {
    expect(googleMemberIds(ISSUER, MEMBER.toUpperCase())).toEqual({
      classId: `${ISSUER}.avpass-member`,
      objectId: `${ISSUER}.avpass-member-${MEMBER}`,
    });
    expect(() => googleMemberIds('abc', MEMBER)).toThrow(/issuer id/);
    expect(() => googleMemberIds(ISSUER, 'not-a-member')).toThrow(/member id/);
    const object = googleMemberObject(context, pass(3));
    expect(object).toMatchObject({
      id: `${ISSUER}.avpass-member-${MEMBER}`,
      classId: `${ISSUER}.avpass-member`,
      state: 'ACTIVE',
      cardTitle: { defaultValue: { value: 'AV Pass' } },
      header: { defaultValue: { value: 'Nerea O.' } },
      subheader: { defaultValue: { value: 'Member' }, translatedValues: [{ value: 'Miembro' }] },
      rotatingBarcode: {
        type: 'QR_CODE',
        valuePattern: expect.stringMatching(
          /^AVPT:[A-Z2-7]{26}-3-\{totp_timestamp_seconds\}-\{totp_value_0\}$/,
        ),
        totpDetails: {
          periodMillis: '30000',
          algorithm: 'TOTP_SHA1',
          parameters: [{ key: pass(3).secretHex, valueLength: 8 }],
        },
      },
    });
    expect(object).not.toHaveProperty('barcode'); // no static fallback: it would undo the rotation
    const how = object.textModulesData.find((m) => m.id === 'how')!;
    expect(how.body).toMatch(/every 30 seconds/);
    expect(how.localizedBody?.translatedValues[0]?.value).toMatch(/cada 30 segundos/);
  });

  it("an erased member's object (no name) keeps a header: 'Member'", () => {
    const object = googleMemberObject(context, { ...pass(2), holder: { firstName: '', lastInitial: '' } });
    expect(object.header).toEqual({ defaultValue: { language: 'en-US', value: 'Member' } });
    expect(object.rotatingBarcode.alternateText).toBe('');
  });
});

describe('the member pass through the Google Wallet API (stand-in)', () => {
  let gw: GoogleWalletStandIn;
  let api: GoogleWalletApi;
  beforeAll(async () => {
    gw = await startGoogleWalletStandIn();
    api = new GoogleWalletApi({
      ...context,
      serviceAccount: account,
      apiUrl: gw.apiUrl,
      tokenUrl: gw.tokenUrl,
      origins: [],
    });
  });
  afterAll(() => gw?.close());

  it('inserts class and object with the secret, then signs a save link that only names the object', async () => {
    const url = await api.memberSaveUrl(pass());
    const { payload } = await jwtVerify(
      url.slice(GOOGLE_SAVE_URL.length),
      await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256'),
      { audience: 'google', issuer: account.client_email },
    );
    expect(payload.payload).toEqual({
      genericObjects: [{ id: `${ISSUER}.avpass-member-${MEMBER}`, classId: `${ISSUER}.avpass-member` }],
    });
    expect(JSON.stringify(payload)).not.toContain(pass().secretHex);
    const stored = gw.objects.get(`${ISSUER}.avpass-member-${MEMBER}`) as unknown as ReturnType<
      typeof googleMemberObject
    >;
    expect(stored.rotatingBarcode.totpDetails.parameters[0]!.key).toBe(pass().secretHex);
    expect(gw.classes.get(`${ISSUER}.avpass-member`)).toEqual({ id: `${ISSUER}.avpass-member` });

    // The phone's code from the stored pattern and key passes the server's judgement.
    const now = Date.now();
    const seconds = Math.floor(now / 1000);
    const key = Uint8Array.from(Buffer.from(stored.rotatingBarcode.totpDetails.parameters[0]!.key, 'hex'));
    const shown = stored.rotatingBarcode.valuePattern
      .replace('{totp_timestamp_seconds}', String(seconds))
      .replace('{totp_value_0}', totpAt(key, seconds));
    expect(
      await judgeTotpPass(shown, {
        nowMs: now,
        currentVersion: 1,
        secretFor: (id, v) => memberTotpSecret(MASTER, id, v),
      }),
    ).toMatchObject({ ok: true });
  });

  it('a second link and a patch after a revoke replace the secret on the one object; a member never saved is absent', async () => {
    await api.memberSaveUrl(pass(1));
    expect(await api.patchMember(pass(2))).toBe('patched');
    const stored = gw.objects.get(`${ISSUER}.avpass-member-${MEMBER}`) as unknown as ReturnType<
      typeof googleMemberObject
    >;
    expect(stored.rotatingBarcode.totpDetails.parameters[0]!.key).toBe(pass(2).secretHex);
    expect(stored.rotatingBarcode.valuePattern).toContain('-2-{totp_timestamp_seconds}');
    const stranger = { ...pass(), memberId: '11111111-2222-4333-8444-555555555555' };
    expect(await api.patchMember(stranger)).toBe('absent');
  });
});
