import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApnsStandIn, type ApnsStandIn } from '../../test/support/stand-ins';
import { ApnsClient, ApnsError, type ApnsOptions } from './apns-client';

const TOPIC = 'pass.org.avpass.voucher';
const deviceToken = () => randomBytes(32).toString('hex');
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const tokenAuth = { kind: 'token', keyPem, keyId: 'ABC123DEFG', teamId: 'TEAM123456' } as const;

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});
async function standIn(...args: Parameters<typeof startApnsStandIn>): Promise<ApnsStandIn> {
  const server = await startApnsStandIn(...args);
  open.push(server);
  return server;
}
function client(options: Partial<ApnsOptions> & Pick<ApnsOptions, 'url'>): ApnsClient {
  const made = new ApnsClient({ topic: TOPIC, auth: tokenAuth, ...options });
  open.push(made);
  return made;
}
async function failure(promise: Promise<unknown>): Promise<ApnsError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApnsError);
  return error as ApnsError;
}

describe('a pass update push with token auth', () => {
  it('posts an empty payload to the device, for the pass type, signed by our key', async () => {
    const apns = await standIn();
    const token = deviceToken();
    await expect(client({ url: apns.url }).push(token)).resolves.toBe('sent');

    expect(apns.requests).toHaveLength(1);
    const [request] = apns.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/3/device/${token}`);
    expect(request?.body).toEqual({});
    expect(request?.headers['apns-topic']).toBe(TOPIC);
    expect(request?.headers['apns-push-type']).toBe('background');
    expect(request?.headers['apns-priority']).toBe('5');
    const jwt = String(request?.headers.authorization).replace(/^bearer /, '');
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: 'ABC123DEFG' });
    const { payload } = await jwtVerify(jwt, await importSPKI(publicPem, 'ES256'), {
      issuer: 'TEAM123456',
    });
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('reuses one connection and one provider token for later pushes', async () => {
    const apns = await standIn();
    const apple = client({ url: apns.url });
    await apple.push(deviceToken());
    await apple.push(deviceToken());
    expect(apns.requests).toHaveLength(2);
    expect(apns.connections()).toBe(1);
    expect(apns.requests[0]?.headers.authorization).toBe(apns.requests[1]?.headers.authorization);
  });

  it('reconnects after APNs closes the connection', async () => {
    const apns = await standIn();
    const apple = client({ url: apns.url });
    await apple.push(deviceToken());
    apns.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(apple.push(deviceToken())).resolves.toBe('sent');
    expect(apns.connections()).toBe(2);
  });

  it('renews its provider token once when APNs calls it expired, and sends', async () => {
    const apns = await standIn();
    apns.failNext(1, 403, 'ExpiredProviderToken');
    await expect(client({ url: apns.url }).push(deviceToken())).resolves.toBe('sent');
    expect(apns.requests).toHaveLength(2);
  });

  it('gives up when the renewed token is refused too', async () => {
    const apns = await standIn();
    apns.failNext(2, 403, 'ExpiredProviderToken');
    const error = await failure(client({ url: apns.url }).push(deviceToken()));
    expect(error).toMatchObject({ status: 403, reason: 'ExpiredProviderToken', retryable: false });
    expect(apns.requests).toHaveLength(2);
  });
});

describe('what a push answer means', () => {
  it('a device that is gone (410, or a bad token for the topic) is unregistered', async () => {
    const apns = await standIn();
    const [gone, bad, wrongTopic] = [deviceToken(), deviceToken(), deviceToken()];
    apns.respond(gone, 410, 'Unregistered');
    apns.respond(bad, 400, 'BadDeviceToken');
    apns.respond(wrongTopic, 400, 'DeviceTokenNotForTopic');
    const apple = client({ url: apns.url });
    await expect(apple.push(gone)).resolves.toBe('unregistered');
    await expect(apple.push(bad)).resolves.toBe('unregistered');
    await expect(apple.push(wrongTopic)).resolves.toBe('unregistered');
    await expect(apple.push(deviceToken())).resolves.toBe('sent');
  });

  it('an unavailable or throttling APNs is worth retrying; the retry goes through', async () => {
    const apns = await standIn();
    apns.failNext(1, 503, 'ServiceUnavailable');
    apns.failNext(1, 429, 'TooManyRequests');
    const apple = client({ url: apns.url });
    const token = deviceToken();
    expect(await failure(apple.push(token))).toMatchObject({
      status: 503,
      reason: 'ServiceUnavailable',
      retryable: true,
    });
    expect(await failure(apple.push(token))).toMatchObject({ status: 429, retryable: true });
    await expect(apple.push(token)).resolves.toBe('sent');
  });

  it('a refusal that retrying cannot change is not retryable', async () => {
    const apns = await standIn();
    apns.failNext(1, 400, 'BadTopic');
    const error = await failure(client({ url: apns.url }).push(deviceToken()));
    expect(error).toMatchObject({ status: 400, reason: 'BadTopic', retryable: false });
  });

  it('a push token that is not hex is refused before any request', async () => {
    const apns = await standIn();
    const apple = client({ url: apns.url });
    for (const token of ['../../3/device/abc', 'abcd'.repeat(16) + '?x=1', '', 'zz'.repeat(32)]) {
      const error = await failure(apple.push(token));
      expect(error).toMatchObject({ reason: 'InvalidPushToken', retryable: false });
    }
    expect(apns.requests).toHaveLength(0);
    expect(apns.connections()).toBe(0);
  });

  it('an APNs that cannot be reached is worth retrying', async () => {
    const apns = await startApnsStandIn();
    await apns.close();
    const error = await failure(client({ url: apns.url }).push(deviceToken()));
    expect(error).toMatchObject({ status: null, reason: 'ConnectionError', retryable: true });
  });

  it('an APNs that does not answer in time is worth retrying', async () => {
    const apns = await standIn();
    apns.stallNext(1);
    const apple = client({ url: apns.url, timeoutMs: 200 });
    const error = await failure(apple.push(deviceToken()));
    expect(error).toMatchObject({ status: null, reason: 'Timeout', retryable: true });
    await expect(apple.push(deviceToken())).resolves.toBe('sent');
  });
});

describe('a pass update push with certificate auth over TLS', () => {
  let dir = '';
  const pem = (name: string) => readFileSync(join(dir, name), 'utf8');
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'apns-tls-'));
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    const subject = (cn: string) => ['-subj', `/CN=${cn}`];
    run(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '1',
      ...subject('Test CA'),
    );
    writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
    for (const [name, extra] of [
      ['server', ['-extfile', 'server.ext']],
      ['client', []],
    ] as const) {
      run(
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        ...subject(name),
      );
      run(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.crt`,
        '-days',
        '1',
        ...extra,
      );
    }
    return () => rmSync(dir, { recursive: true, force: true });
  });

  it('sends with the client certificate the server trusts, and no bearer token', async () => {
    const apns = await standIn({
      tls: { key: pem('server.key'), cert: pem('server.crt'), ca: pem('ca.crt') },
    });
    const apple = client({
      url: apns.url,
      ca: pem('ca.crt'),
      auth: { kind: 'certificate', certPem: pem('client.crt'), keyPem: pem('client.key') },
    });
    await expect(apple.push(deviceToken())).resolves.toBe('sent');
    expect(apns.requests[0]?.headers.authorization).toBeUndefined();
    expect(apns.requests[0]?.headers['apns-topic']).toBe(TOPIC);
  });

  it('fails, retryably, without a certificate the server trusts', async () => {
    const apns = await standIn({
      tls: { key: pem('server.key'), cert: pem('server.crt'), ca: pem('ca.crt') },
    });
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const apple = client({
      url: apns.url,
      ca: pem('ca.crt'),
      auth: {
        kind: 'token',
        keyPem: stranger.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        keyId: 'K',
        teamId: 'T',
      },
    });
    const error = await failure(apple.push(deviceToken()));
    expect(error).toMatchObject({ status: null, retryable: true });
    expect(apns.requests).toHaveLength(0);
  });
});
