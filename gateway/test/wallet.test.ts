import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { WALLET_JOB_NAMES, walletQueueName } from '@avpass/contracts';
import { Queue } from 'bullmq';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startApnsStandIn,
  startGoogleWalletStandIn,
  type ApnsStandIn,
  type GoogleWalletStandIn,
} from '@avpass/wallet-service/test/support/stand-ins';
import {
  makeTestAppleCertificates,
  makeTestCertificateChain,
  verifyPkpassSignature,
} from '@avpass/wallet-service/test/support/test-certificates';
import { startHarness, type Harness } from './support/harness';

// Issue 29: vouchers as Apple Wallet and Google Wallet passes that follow the voucher, through the
// real gateway, vouchers and wallet services, PostgreSQL, Redis (the update jobs) and NATS (the
// voucher events), with local stand-ins for APNs (HTTP/2) and the Google Wallet API.
const certs = makeTestAppleCertificates();
const ISSUER = '3388000000012345678';
const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
const googleKey = google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const googlePublic = google.publicKey.export({ type: 'spki', format: 'pem' }).toString();

async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('wallet passes, not configured', () => {
  let h: Harness;
  let id: string;
  beforeAll(async () => {
    h = await startHarness({}, { services: ['partners', 'vouchers', 'wallet'] });
    const admin = await h.adminToken();
    id = (
      await h.api('/api/generate-qr', {
        method: 'POST',
        token: admin,
        json: {
          clinic: 'Plain Physio',
          service: 'Massage',
          discountValue: 10,
          expirationDate: '2099-01-01',
          usageLimit: 3,
        },
      })
    ).body.id;
  }, 120_000);
  afterAll(() => h?.close());

  it('says neither wallet is available, and the pass routes answer 404 saying what to configure', async () => {
    const availability = await h.api('/api/wallet');
    expect(availability.status).toBe(200);
    expect(availability.body).toEqual({ apple: false, google: false });
    const pkpass = await h.api(`/api/qr-codes/${id}/pass.pkpass`);
    expect(pkpass.status).toBe(404);
    expect(pkpass.body.message).toMatch(/APPLE_PASS_TYPE_ID.*APPLE_WWDR_CERT/);
    const link = await h.api(`/api/qr-codes/${id}/google-wallet`);
    expect(link.status).toBe(404);
    expect(link.body.message).toMatch(/GOOGLE_WALLET_ISSUER_ID.*GOOGLE_WALLET_SERVICE_ACCOUNT/);
    const web = await h.api(`/api/wallet/v1/devices/dev1/registrations/pass.test.avpass`);
    expect(web.status).toBe(404);
  });
});

describe('wallet passes, configured', () => {
  let h: Harness;
  let apns: ApnsStandIn;
  let gw: GoogleWalletStandIn;
  let admin: string;

  const make = async (fields: Record<string, unknown> = {}) => {
    const made = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic: 'Harbor Physio',
        service: 'Sports Massage',
        discountType: 'percentage',
        discountValue: 20,
        expirationDate: '2099-06-30',
        usageLimit: 3,
        ...fields,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: string; qrUrl: string };
  };
  const redeem = async (id: string) => {
    const res = await h.api(`/api/redeem/${id}`, {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.redemptionId as string;
  };
  const pkpass = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${h.url}${path}`, { headers });
    return { res, zip: Buffer.from(await res.arrayBuffer()) };
  };
  const passJson = (zip: Buffer) =>
    JSON.parse(verifyPkpassSignature(zip, certs.caPem).files['pass.json']!.toString('utf8'));
  const device = (token?: string) => {
    const library = `device-${randomBytes(6).toString('hex')}`;
    const pushToken = randomBytes(32).toString('hex');
    const auth: Record<string, string> = token ? { authorization: `ApplePass ${token}` } : {};
    return {
      library,
      pushToken,
      register: (serial: string, headers = auth, body: unknown = { pushToken }) =>
        h.api(`/api/wallet/v1/devices/${library}/registrations/${certs.passTypeIdentifier}/${serial}`, {
          method: 'POST',
          headers,
          json: body,
        }),
      unregister: (serial: string, headers = auth) =>
        h.api(`/api/wallet/v1/devices/${library}/registrations/${certs.passTypeIdentifier}/${serial}`, {
          method: 'DELETE',
          headers,
        }),
      updated: (since?: string) =>
        h.api(
          `/api/wallet/v1/devices/${library}/registrations/${certs.passTypeIdentifier}${
            since ? `?passesUpdatedSince=${since}` : ''
          }`,
        ),
      latest: (serial: string, headers: Record<string, string> = {}) =>
        pkpass(`/api/wallet/v1/passes/${certs.passTypeIdentifier}/${serial}`, {
          ...auth,
          ...headers,
        } as Record<string, string>),
    };
  };
  /** A voucher whose pass was downloaded, its pass token, and a phone that holds that token. */
  const issued = async (fields: Record<string, unknown> = {}) => {
    const code = await make(fields);
    const token = passJson((await pkpass(`/api/qr-codes/${code.id}/pass.pkpass`)).zip)
      .authenticationToken as string;
    return { code, token, phone: device(token) };
  };
  const pushesTo = (token: string) => apns.requests.filter((r) => r.path === `/3/device/${token}`);

  beforeAll(async () => {
    apns = await startApnsStandIn();
    gw = await startGoogleWalletStandIn();
    h = await startHarness(
      {
        APPLE_PASS_TYPE_ID: certs.passTypeIdentifier,
        APPLE_TEAM_ID: certs.teamIdentifier,
        APPLE_SIGNER_CERT: certs.signerCertPem,
        APPLE_SIGNER_KEY: certs.signerKeyPem,
        APPLE_WWDR_CERT: certs.wwdrPem,
        APPLE_APNS_URL: apns.url,
        APPLE_APNS_KEY: generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
        APPLE_APNS_KEY_ID: 'KEYID12345',
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
      { services: ['partners', 'vouchers', 'wallet'] },
    );
    admin = await h.adminToken();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await apns?.close();
    await gw?.close();
  });

  it('says both wallets are available (cached briefly)', async () => {
    const res = await h.api('/api/wallet');
    expect(res.body).toEqual({ apple: true, google: true });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves a signed .pkpass: every file in the manifest, a signature that verifies, the voucher in pass.json', async () => {
    const code = await make();
    const { res, zip } = await pkpass(`/api/qr-codes/${code.id}/pass.pkpass`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const check = verifyPkpassSignature(zip, certs.caPem);
    expect(check.manifestOk).toBe(true);
    expect(check.signatureOk, check.opensslOutput).toBe(true);
    // Another CA does not vouch for it (the check can fail).
    expect(verifyPkpassSignature(zip, makeTestCertificateChain().caPem).signatureOk).toBe(false);
    const pass = JSON.parse(check.files['pass.json']!.toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: certs.passTypeIdentifier,
      teamIdentifier: certs.teamIdentifier,
      serialNumber: code.id,
      webServiceURL: `${new URL(code.qrUrl).origin}/api/wallet`,
    });
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    const barcode = (pass.barcodes ?? [pass.barcode])[0];
    expect(barcode).toMatchObject({ format: 'PKBarcodeFormatQR', message: code.qrUrl });
    // The end of June 30 in the business time zone (America/Los_Angeles in tests, PDT).
    expect(new Date(pass.expirationDate).toISOString()).toBe('2099-07-01T07:00:00.000Z');
    expect(pass.voided ?? false).toBe(false);
    expect(JSON.stringify(pass.coupon)).toContain('20%');
  });

  it('answers 404 for an unknown or malformed voucher id', async () => {
    expect((await h.api(`/api/qr-codes/${randomUUID()}/pass.pkpass`)).status).toBe(404);
    expect((await h.api(`/api/qr-codes/not-a-code/pass.pkpass`)).status).toBe(404);
    expect((await h.api(`/api/qr-codes/${randomUUID()}/google-wallet`)).status).toBe(404);
  });

  it("Apple's web service: register, list since a tag, latest pass with If-Modified-Since, unregister; a wrong token 401", async () => {
    const code = await make();
    const { zip } = await pkpass(`/api/qr-codes/${code.id}/pass.pkpass`);
    const token = passJson(zip).authenticationToken as string;
    const phone = device(token);

    expect((await phone.register(code.id, {})).status).toBe(401);
    expect((await phone.register(code.id, { authorization: 'ApplePass wrong-token-000000000' })).status).toBe(
      401,
    );
    expect((await phone.register(randomUUID(), { authorization: `ApplePass ${token}` })).status).toBe(401);
    const badBody = await phone.register(code.id, undefined, { pushToken: 'not hex' });
    expect(badBody.status).toBe(400);
    expect(JSON.stringify(badBody.body)).toContain('pushToken');
    expect((await phone.register(code.id)).status).toBe(201);
    expect((await phone.register(code.id)).status).toBe(200);

    const all = await phone.updated();
    expect(all.status).toBe(200);
    expect(all.body.serialNumbers).toEqual([code.id]);
    const tag = all.body.lastUpdated as string;
    expect((await phone.updated(tag)).status).toBe(204);

    const first = await phone.latest(code.id);
    expect(first.res.status).toBe(200);
    const lastModified = first.res.headers.get('last-modified')!;
    expect((await phone.latest(code.id, { 'if-modified-since': lastModified })).res.status).toBe(304);
    expect((await device('x'.repeat(43)).latest(code.id)).res.status).toBe(401);

    expect((await phone.unregister(code.id, { authorization: 'ApplePass nope-nope-nope-nope' })).status).toBe(
      401,
    );
    expect((await phone.unregister(code.id)).status).toBe(200);
    expect((await phone.updated()).status).toBe(204);

    const log = await h.api('/api/wallet/v1/log', { method: 'POST', json: { logs: ['a device said this'] } });
    expect(log.status).toBe(200);
    expect((await h.api('/api/wallet/v1/log', { method: 'POST', json: { logs: 'no' } })).status).toBe(400);
  });

  it("refuses what Apple's protocol does not allow with a 400 naming the field; two registrations at once make one", async () => {
    const { code, token, phone } = await issued();
    const auth = { authorization: `ApplePass ${token}` };
    const pushToken = randomBytes(32).toString('hex');
    const badDevice = await h.api(
      `/api/wallet/v1/devices/bad%20device/registrations/${certs.passTypeIdentifier}/${code.id}`,
      {
        method: 'POST',
        headers: auth,
        json: { pushToken },
      },
    );
    expect(badDevice.status).toBe(400);
    expect(badDevice.body.errors.deviceLibraryIdentifier).toEqual(['Not a valid device library identifier']);
    const badType = await h.api(`/api/wallet/v1/devices/dev-1/registrations/com.example/${code.id}`, {
      method: 'POST',
      headers: auth,
      json: { pushToken },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.errors.passTypeIdentifier).toEqual(['Not a valid pass type identifier']);
    // Another deployment's pass type: not ours.
    expect((await h.api(`/api/wallet/v1/devices/dev-1/registrations/pass.other.club`)).status).toBe(404);
    const noBody = await h.api(
      `/api/wallet/v1/devices/dev-1/registrations/${certs.passTypeIdentifier}/${code.id}`,
      {
        method: 'POST',
        headers: auth,
      },
    );
    expect(noBody.status).toBe(400);
    const tooMany = await h.api('/api/wallet/v1/log', {
      method: 'POST',
      json: { logs: Array(101).fill('x') },
    });
    expect(tooMany.status).toBe(400);
    const both = await Promise.all([
      phone.register(code.id),
      phone.register(code.id),
      phone.register(code.id),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect((await phone.updated()).body.serialNumbers).toEqual([code.id]);
  });

  it('a pass turns expired at the end of its last day: the delayed job pushes its devices', async () => {
    const { code, phone } = await issued();
    expect((await phone.register(code.id)).status).toBe(201);
    const tag = (await phone.updated()).body.lastUpdated as string;
    // The job queued when the pass was issued waits until 2099; the same job, due now, stands in for it.
    const queue = new Queue(walletQueueName(h.env.NATS_NAMESPACE!), { connection: { url: h.env.REDIS_URL } });
    try {
      const delayed = await queue.getJobs(['delayed']);
      const expiry = delayed.find((j) => j.name === WALLET_JOB_NAMES.expire && j.data.qrCodeId === code.id);
      expect(expiry?.opts.delay).toBeGreaterThan(60 * 365 * 86_400_000);
      await expiry!.changeDelay(0);
    } finally {
      await queue.close();
    }
    await until('the expiry push', () => pushesTo(phone.pushToken)[0]);
    expect((await phone.updated(tag)).body.serialNumbers).toEqual([code.id]);
  });

  it('a redeem and a cancel push the registered device through APNs; the pass then says "1 of 3", then "0 of 3"', async () => {
    const { code, phone } = await issued();
    expect((await phone.register(code.id)).status).toBe(201);
    const tag = (await phone.updated()).body.lastUpdated as string;
    const before = (await phone.latest(code.id)).res.headers.get('last-modified')!;

    const redeemedAt = Date.now();
    const redemptionId = await redeem(code.id);
    const push = await until('the redeem push', () => pushesTo(phone.pushToken)[0]);
    expect(push.headers['apns-topic']).toBe(certs.passTypeIdentifier);
    expect(push.body).toEqual({});
    const changed = await phone.updated(tag);
    expect(changed.body.serialNumbers).toEqual([code.id]);
    const after = await phone.latest(code.id, { 'if-modified-since': before });
    expect(after.res.status).toBe(200);
    const updatedPass = passJson(after.zip);
    const text = JSON.stringify(updatedPass);
    expect(text).toContain('1 of 3');
    expect(text).toContain('Used %@');
    // WALLET_SEQUENCE=1 prints the sequence of this redeem (the closing note of issue 29 quotes it).
    if (process.env.WALLET_SEQUENCE) {
      const check = verifyPkpassSignature(after.zip, certs.caPem);
      console.log(
        [
          `POST /api/redeem/${code.id} -> 200 (redemption ${redemptionId})`,
          `+${push.at - redeemedAt} ms  APNs stand-in: POST ${push.path}  apns-topic: ${String(push.headers['apns-topic'])}  apns-push-type: ${String(push.headers['apns-push-type'])}  authorization: bearer <ES256 JWT>  body: {}`,
          `device: GET /api/wallet/v1/devices/${phone.library}/registrations/${certs.passTypeIdentifier}?passesUpdatedSince=${tag} -> ${changed.status} ${JSON.stringify(changed.body)}`,
          `device: GET /api/wallet/v1/passes/${certs.passTypeIdentifier}/${code.id}  If-Modified-Since: ${before} -> ${after.res.status}, Last-Modified: ${after.res.headers.get('last-modified')}`,
          `signature: manifest SHA-1s ${check.manifestOk ? 'match' : 'DO NOT match'}; openssl smime -verify: ${check.opensslOutput}`,
          `pass.json: ${JSON.stringify(updatedPass, null, 2)}`,
        ].join('\n'),
      );
    }

    const cancelled = await h.api(`/api/redemptions/${redemptionId}/cancel`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Rang up twice' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await until('the cancel push', () => pushesTo(phone.pushToken).length >= 2);
    expect(JSON.stringify(passJson((await phone.latest(code.id)).zip))).toContain('0 of 3');
  });

  it('a push APNs fails is retried until it goes through; a device APNs no longer knows is forgotten', async () => {
    const { code, token, phone } = await issued();
    const gone = device(token);
    expect((await phone.register(code.id)).status).toBe(201);
    expect((await gone.register(code.id)).status).toBe(201);
    apns.respond(gone.pushToken, 410, 'Unregistered');
    apns.failNext(2);
    await redeem(code.id);
    // The first attempt's two pushes are answered 503; the job is retried and pushes both again.
    await until('the push after two failures', () => pushesTo(phone.pushToken).length >= 2);
    // Every device is pushed again on a retry; the phone's last push was answered 200.
    await until('the forgotten device', async () => (await gone.updated()).status === 204);
    expect((await phone.updated()).body.serialNumbers).toEqual([code.id]);
  });

  it('a used-up voucher voids the pass; a deleted one too (the pass is still served, voided)', async () => {
    const { code, phone } = await issued({ usageLimit: 1 });
    await phone.register(code.id);
    await redeem(code.id);
    await until('the push', () => pushesTo(phone.pushToken)[0]);
    expect(passJson((await phone.latest(code.id)).zip).voided).toBe(true);

    const { code: other, phone: second } = await issued();
    await second.register(other.id);
    expect((await h.api(`/api/admin/qr-codes/${other.id}`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    await until('the delete push', () => pushesTo(second.pushToken)[0]);
    const latest = await second.latest(other.id);
    expect(latest.res.status).toBe(200);
    expect(passJson(latest.zip).voided).toBe(true);
    // The public link of a deleted voucher is gone.
    expect((await h.api(`/api/qr-codes/${other.id}/pass.pkpass`)).status).toBe(404);
  });

  it('Google: the save link is a JWT the service account signed, naming the offer object; a redeem patches it (retried on failure)', async () => {
    const code = await make();
    const res = await h.api(`/api/qr-codes/${code.id}/google-wallet`);
    expect(res.status).toBe(200);
    const saveUrl = res.body.saveUrl as string;
    expect(saveUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const jwt = saveUrl.split('/').pop()!;
    const { payload } = await jwtVerify(jwt, await importSPKI(googlePublic, 'RS256'), { audience: 'google' });
    expect(payload).toMatchObject({ iss: 'wallet@test.iam.gserviceaccount.com', typ: 'savetowallet' });
    const named = (payload.payload as { offerObjects: Array<Record<string, unknown>> }).offerObjects[0]!;
    const objectId = `${ISSUER}.avpass-voucher-${code.id}`;
    expect(named.id).toBe(objectId);
    // The object is in Google's hands (inserted before a short link, or carried whole in a long one).
    const object = gw.objects.get(objectId) ?? named;
    expect(object).toMatchObject({
      id: objectId,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: code.qrUrl },
    });
    // A JWT signed by another key does not verify (the check can fail).
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    await expect(jwtVerify(jwt, await importSPKI(stranger.toString(), 'RS256'))).rejects.toThrow();

    if (!gw.objects.has(objectId)) gw.objects.set(objectId, { ...object }); // the member saved it
    const patchesBefore = gw.requests.filter((r) => r.method === 'PATCH').length;
    gw.failNext(2);
    await redeem(code.id);
    await until('the patch', () => JSON.stringify(gw.objects.get(objectId)).includes('1 of 3'));
    // Two answered 503, then the third went through.
    expect(gw.requests.filter((r) => r.method === 'PATCH').length - patchesBefore).toBeGreaterThanOrEqual(3);
    expect(gw.objects.get(objectId)).toMatchObject({ state: 'ACTIVE' });
  });
});
