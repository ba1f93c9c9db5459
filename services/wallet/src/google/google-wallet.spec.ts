import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicVoucher } from '@avpass/contracts';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passWords, type PassWords } from '../i18n';
import { startGoogleWalletStandIn, type GoogleWalletStandIn } from '../../test/support/stand-ins';
import { publicVoucher } from '../../test/support/vouchers';
import {
  GOOGLE_SAVE_URL,
  GoogleWalletApi,
  GoogleWalletError,
  googleOfferIds,
  googleOfferObject,
  googleSaveUrl,
  googleSkinnySaveUrl,
  MAX_SAVE_JWT_LENGTH,
  loadGoogleServiceAccount,
  type GoogleOfferClass,
  type GoogleOfferObject,
  type GoogleWalletOptions,
} from './google-wallet';

const ISSUER = '3388000000022123456';
const VOUCHER_ID = '5b0c7a52-7d0e-4c8e-9a51-3f1f7c2d9e10';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account = {
  client_email: 'wallet@avpass-test.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

function voucher(overrides: Partial<PublicVoucher> = {}): PublicVoucher {
  return publicVoucher({
    id: VOUCHER_ID,
    qrUrl: `https://pass.example.org/voucher/${VOUCHER_ID}`,
    service: 'Sports massage',
    expirationDate: '2030-06-30',
    terms: 'One per visit.',
    logoUrl: 'https://pass.example.org/uploads/harbor.png',
    partners: [
      {
        id: '0f6f3c1e-2b7a-4d52-8f1e-6a1d2c3b4a59',
        name: 'Harbor Physio',
        logoUrl: null,
        address: '1 Quay Street',
        phone: null,
        website: 'https://harbor.example.com',
      },
    ],
    lastRedemption: null,
    ...overrides,
  });
}
const active = { expiresAt: new Date('2030-07-01T03:59:59.999Z'), voided: false };

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});
async function standIn(): Promise<GoogleWalletStandIn> {
  const server = await startGoogleWalletStandIn();
  open.push(server);
  return server;
}
function options(server?: GoogleWalletStandIn): GoogleWalletOptions {
  return {
    issuerId: ISSUER,
    issuerName: 'AV Pass',
    serviceAccount: account,
    apiUrl: server?.apiUrl ?? 'http://127.0.0.1:9/walletobjects/v1',
    ...(server ? { tokenUrl: server.tokenUrl } : {}),
    origins: ['https://pass.example.org'],
  };
}
async function failure(promise: Promise<unknown>): Promise<GoogleWalletError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GoogleWalletError);
  return error as GoogleWalletError;
}

describe('the Save to Google Wallet link', () => {
  it('is a JWT our service account signed, naming the voucher’s class, object and QR link', async () => {
    const url = await googleSaveUrl(options(), voucher(), active);
    expect(url.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = url.slice(GOOGLE_SAVE_URL.length);
    expect(decodeProtectedHeader(jwt).alg).toBe('RS256');
    const { payload } = await jwtVerify(jwt, await importSPKI(publicPem, 'RS256'), {
      issuer: account.client_email,
      audience: 'google',
    });
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['https://pass.example.org']);
    const saved = payload.payload as { offerClasses: GoogleOfferClass[]; offerObjects: GoogleOfferObject[] };
    const ids = googleOfferIds(ISSUER, VOUCHER_ID);
    expect(ids).toEqual({
      classId: `${ISSUER}.avpass-offer-${VOUCHER_ID}`,
      objectId: `${ISSUER}.avpass-voucher-${VOUCHER_ID}`,
    });
    expect(saved.offerClasses).toHaveLength(1);
    expect(saved.offerClasses[0]).toMatchObject({
      id: ids.classId,
      issuerName: 'AV Pass',
      title: 'Harbor Physio',
      provider: 'Harbor Physio',
      redemptionChannel: 'INSTORE',
      reviewStatus: 'UNDER_REVIEW',
      details: '20% Off · Sports massage',
      finePrint: 'One per visit.',
      titleImage: { sourceUri: { uri: 'https://pass.example.org/uploads/harbor.png' } },
    });
    expect(saved.offerObjects).toHaveLength(1);
    const object = saved.offerObjects[0];
    expect(object).toMatchObject({
      id: ids.objectId,
      classId: ids.classId,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: `https://pass.example.org/voucher/${VOUCHER_ID}` },
      validTimeInterval: { end: { date: '2030-07-01T03:59:59.999Z' } },
    });
    expect(object?.textModulesData).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'uses', header: 'Uses', body: '1 of 3' }),
        expect.objectContaining({ id: 'discount', header: 'Discount', body: '20% Off' }),
        expect.objectContaining({ id: 'where', header: 'Where', body: 'Harbor Physio — 1 Quay Street' }),
      ]),
    );
    // Issue 42: each header also in Spanish, for a phone set to Spanish.
    expect(object?.textModulesData.find((m) => m.id === 'uses')?.localizedHeader).toEqual({
      defaultValue: { language: 'en-US', value: 'Uses' },
      translatedValues: [{ language: 'es-US', value: 'Usos' }],
    });
    // And what the modules and the class say: the discount and the uses in the voucher page's Spanish.
    expect(object?.textModulesData.find((m) => m.id === 'discount')?.localizedBody).toEqual({
      defaultValue: { language: 'en-US', value: '20% Off' },
      translatedValues: [{ language: 'es-US', value: '20% de descuento' }],
    });
    expect(object?.textModulesData.find((m) => m.id === 'uses')?.localizedBody?.translatedValues).toEqual([
      { language: 'es-US', value: '1 de 3' },
    ]);
    expect(saved.offerClasses[0]?.localizedDetails?.translatedValues[0]?.value).toMatch(
      /^20% de descuento · /,
    );
  });

  it('does not verify with another key', async () => {
    const url = await googleSaveUrl(options(), voucher(), active);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    await expect(jwtVerify(url.slice(GOOGLE_SAVE_URL.length), other)).rejects.toThrow();
  });

  it('refuses an id Google would not accept', () => {
    expect(() => googleOfferIds('not-digits', VOUCHER_ID)).toThrow(/issuer id/);
    expect(() => googleOfferIds(ISSUER, 'a/b')).toThrow(/id suffix/);
  });
});

describe('the Save to Google Wallet link of a voucher with much to say', () => {
  it('is the skinny link to an object inserted beforehand, short enough for a browser', async () => {
    const google = await standIn();
    const api = new GoogleWalletApi(options(google));
    const long = voucher({ terms: 'Valid on weekdays. '.repeat(20) });
    expect((await googleSaveUrl(options(), long, active)).length).toBeGreaterThan(
      GOOGLE_SAVE_URL.length + MAX_SAVE_JWT_LENGTH,
    );

    const url = await api.saveUrl(long, active);
    const jwt = url.slice(GOOGLE_SAVE_URL.length);
    expect(url.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    expect(jwt.length).toBeLessThanOrEqual(MAX_SAVE_JWT_LENGTH);
    const { payload } = await jwtVerify(jwt, await importSPKI(publicPem, 'RS256'), { audience: 'google' });
    const ids = googleOfferIds(ISSUER, VOUCHER_ID);
    expect(payload.payload).toEqual({ offerObjects: [{ id: ids.objectId, classId: ids.classId }] });
    expect(google.classes.get(ids.classId)).toMatchObject({ finePrint: long.terms?.trim() });
    expect(google.objects.get(ids.objectId)).toMatchObject({
      state: 'ACTIVE',
      barcode: { value: long.qrUrl },
    });
    expect(url).toBe(await googleSkinnySaveUrl(options(), long));

    // Asked again after a use: the existing class and object are patched, not inserted twice.
    await api.saveUrl({ ...long, usageCount: 2 }, active);
    const calls = google.requests.map(
      (request) => `${request.method} ${request.path.replace('/walletobjects/v1/', '')}`,
    );
    expect(calls).toEqual([
      'POST /token',
      'POST offerClass',
      'POST offerObject',
      'POST offerClass',
      `PATCH offerClass/${ids.classId}`,
      'POST offerObject',
      `PATCH offerObject/${ids.objectId}`,
    ]);
    expect(google.objects.get(ids.objectId)?.textModulesData).toContainEqual(
      expect.objectContaining({ id: 'uses', header: 'Uses', body: '2 of 3' }),
    );
  });
});

describe('the saved pass’s state', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  let words: Readonly<Record<'en' | 'es', PassWords>>;
  beforeAll(async () => {
    words = await passWords();
  });
  const stateOf = (overrides: Partial<PublicVoucher>, state: { expiresAt: Date | null; voided: boolean }) =>
    googleOfferObject(options(), voucher(overrides), state, words, now).state;

  it('is active while uses are left and the end is ahead', () => {
    expect(stateOf({}, active)).toBe('ACTIVE');
    expect(stateOf({ usageLimit: 999999, usageCount: 50 }, { expiresAt: null, voided: false })).toBe(
      'ACTIVE',
    );
  });
  it('is completed once used up', () => {
    expect(stateOf({ usageCount: 3 }, { ...active, voided: true })).toBe('COMPLETED');
  });
  it('is expired after its end', () => {
    expect(stateOf({}, { expiresAt: new Date('2026-11-27T23:59:59Z'), voided: false })).toBe('EXPIRED');
  });
  it('is inactive once deleted or deactivated', () => {
    expect(stateOf({ isActive: false }, { ...active, voided: true })).toBe('INACTIVE');
  });
  it('has no end when the voucher never expires', () => {
    const object = googleOfferObject(
      options(),
      voucher({ expirationDate: null }),
      { expiresAt: null, voided: false },
      words,
    );
    expect(object.validTimeInterval).toBeUndefined();
    expect(object.textModulesData).toContainEqual(
      expect.objectContaining({ id: 'valid-until', header: 'Valid until', body: 'No expiration date' }),
    );
  });
});

describe('patching a saved pass', () => {
  const ids = googleOfferIds(ISSUER, VOUCHER_ID);

  it('patches the member’s object with the new uses and state, with one token for two patches', async () => {
    const google = await standIn();
    google.objects.set(ids.objectId, {
      id: ids.objectId,
      classId: ids.classId,
      state: 'ACTIVE',
      hasUsers: true,
    });
    const api = new GoogleWalletApi(options(google));

    await expect(api.patchObject(voucher({ usageCount: 2 }), active)).resolves.toBe('patched');
    expect(google.objects.get(ids.objectId)).toMatchObject({ state: 'ACTIVE', hasUsers: true });
    await expect(api.patchObject(voucher({ usageCount: 3 }), { ...active, voided: true })).resolves.toBe(
      'patched',
    );

    const stored = google.objects.get(ids.objectId) as unknown as GoogleOfferObject;
    expect(stored.state).toBe('COMPLETED');
    expect(stored.textModulesData).toContainEqual(
      expect.objectContaining({ id: 'uses', header: 'Uses', body: '3 of 3' }),
    );
    expect(google.tokensIssued()).toBe(1);
    const patches = google.requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.path)).toEqual([
      `/walletobjects/v1/offerObject/${ids.objectId}`,
      `/walletobjects/v1/offerObject/${ids.objectId}`,
    ]);
    const tokenRequest = google.requests.find((request) => request.path === '/token');
    const assertion = String((tokenRequest?.body as Record<string, string>).assertion);
    const { payload } = await jwtVerify(assertion, await importSPKI(publicPem, 'RS256'), {
      issuer: account.client_email,
      audience: google.tokenUrl,
    });
    expect(payload.scope).toBe('https://www.googleapis.com/auth/wallet_object.issuer');
  });

  it('answers absent when the member never saved the voucher', async () => {
    const google = await standIn();
    await expect(new GoogleWalletApi(options(google)).patchObject(voucher(), active)).resolves.toBe('absent');
  });

  it('patches the class after an edit', async () => {
    const google = await standIn();
    google.classes.set(ids.classId, { id: ids.classId, title: 'Old' });
    const api = new GoogleWalletApi(options(google));
    await expect(api.patchClass(voucher({ customTitle: 'Spring offer' }))).resolves.toBe('patched');
    expect(google.classes.get(ids.classId)).toMatchObject({
      title: 'Spring offer',
      provider: 'Harbor Physio',
    });
  });

  it('a failing API is worth retrying, and the retry patches', async () => {
    const google = await standIn();
    google.objects.set(ids.objectId, { id: ids.objectId });
    google.failNext(1, 503);
    const api = new GoogleWalletApi(options(google));
    const error = await failure(api.patchObject(voucher(), active));
    expect(error).toMatchObject({ status: 503, retryable: true });
    await expect(api.patchObject(voucher(), active)).resolves.toBe('patched');
  });

  it('a refusal retrying cannot change is not retryable', async () => {
    const google = await standIn();
    google.objects.set(ids.objectId, { id: ids.objectId });
    google.failNext(1, 400);
    const error = await failure(new GoogleWalletApi(options(google)).patchObject(voucher(), active));
    expect(error).toMatchObject({ status: 400, retryable: false });
  });

  it('renews a revoked token once and patches', async () => {
    const google = await standIn();
    google.objects.set(ids.objectId, { id: ids.objectId });
    const api = new GoogleWalletApi(options(google));
    await api.patchObject(voucher(), active);
    google.revokeTokens();
    await expect(api.patchObject(voucher({ usageCount: 2 }), active)).resolves.toBe('patched');
    expect(google.tokensIssued()).toBe(2);
  });

  it('an unreachable API is worth retrying', async () => {
    const google = await startGoogleWalletStandIn();
    await google.close();
    const error = await failure(new GoogleWalletApi(options(google)).patchObject(voucher(), active));
    expect(error).toMatchObject({ status: null, retryable: true });
  });
});

describe('reading the service account key', () => {
  it('reads the JSON itself or the file a path names', () => {
    const json = JSON.stringify({
      type: 'service_account',
      ...account,
      token_uri: 'https://oauth2.googleapis.com/token',
    });
    expect(loadGoogleServiceAccount(json)).toEqual({
      ...account,
      token_uri: 'https://oauth2.googleapis.com/token',
    });
    const dir = mkdtempSync(join(tmpdir(), 'gsa-'));
    try {
      writeFileSync(join(dir, 'key.json'), json);
      expect(loadGoogleServiceAccount(join(dir, 'key.json')).client_email).toBe(account.client_email);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the setting when the key is missing, not JSON, or does not parse', () => {
    expect(() => loadGoogleServiceAccount('/nowhere/key.json')).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT: cannot read/,
    );
    expect(() => loadGoogleServiceAccount('{not json')).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT is not valid JSON/,
    );
    expect(() => loadGoogleServiceAccount(JSON.stringify({ private_key: account.private_key }))).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT has no client_email/,
    );
    const broken = JSON.stringify({
      client_email: account.client_email,
      private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
    });
    expect(() => loadGoogleServiceAccount(broken)).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT: private_key does not parse/,
    );
  });
});
