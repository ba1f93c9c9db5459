import { zipQueueName } from '@avpass/contracts';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFilePath } from '../src/routes/rendering.controller';
import { downloadLinkKey } from '../src/routes/download-links';
import { download, run, saveTo, waitForJob, zipEntries } from './support/downloads';
import { ADMIN, createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
let dir: string;
let company: { companyId: string; token: string };
let otherCompany: { companyId: string; token: string };
let assigned: any; // assigned to `company`
let unassigned: any;

const HOSTILE_NAME = '<script>alert(1)</script> & "Quotes"';

beforeAll(async () => {
  h = await startHarness(
    { PUBLIC_URL: 'https://pass.example.org' },
    { services: ['partners', 'vouchers', 'rendering'] },
  );
  dir = await mkdtemp(join(tmpdir(), 'avpass-rendering-'));
  admin = await h.adminToken();
  const generate = async (body: Record<string, unknown>) => {
    const res = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        discountType: 'percentage',
        discountValue: 25,
        service: 'Sports Massage',
        expirationDate: '2099-12-31',
        usageLimit: 3,
        ...body,
      },
    });
    if (res.status !== 201) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  assigned = await generate({ clinic: HOSTILE_NAME, terms: 'One per visit.' });
  unassigned = await generate({ clinic: 'Other Gym', discountType: 'fixed', discountValue: 10 });
  company = await createPartnerWithUser(h, 'Render Partner');
  otherCompany = await createPartnerWithUser(h, 'Other Partner');
  const assign = await h.api(`/api/qr-codes/${assigned.id}/assign-partners`, {
    method: 'POST',
    token: admin,
    json: { partnerIds: [company.companyId] },
  });
  expect(assign.status).toBe(200);
});
afterAll(async () => {
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const zbar = async (path: string) => (await run('zbarimg', ['--raw', '-q', path])).stdout.trim();
const pdfWords = async (path: string) => (await run('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ');

describe('single files', () => {
  it('the administrator downloads the voucher card as PNG, PDF and SVG, named after the voucher', async () => {
    const id8 = assigned.id.slice(0, 8);
    const png = await download(h, '/api/generate-qr-image', {
      token: admin,
      json: { qrUrl: assigned.qrUrl, format: 'png' },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toContain(
      `attachment; filename="qr-preview-script-alert-1-script-quotes-${id8}.png"`,
    );
    expect(await zbar(await saveTo(dir, 'card.png', png.data))).toBe(
      `https://pass.example.org/voucher/${assigned.id}`,
    );

    const pdf = await download(h, '/api/generate-qr-image', {
      token: admin,
      json: { qrUrl: assigned.qrUrl, format: 'pdf' },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const words = await pdfWords(await saveTo(dir, 'card.pdf', pdf.data));
    expect(words).toContain(HOSTILE_NAME);
    expect(words).toContain('25% Off');
    expect(words).toContain('12/31/2099');

    const svg = await download(h, '/api/generate-qr-image', {
      token: admin,
      json: { qrData: { id: assigned.id }, format: 'svg' },
    });
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-disposition')).toContain(
      `qr-preview-script-alert-1-script-quotes-${id8}.svg`,
    );
    const text = svg.data.toString('utf8');
    expect(text).not.toContain('<script>');
    expect(text).toContain('&lt;script&gt;');
  });

  it('prints the server record: fields a client sends in qrData are ignored', async () => {
    const res = await download(h, '/api/generate-qr-image', {
      token: admin,
      json: {
        qrUrl: 'https://evil.example/voucher/not-this-one',
        format: 'pdf',
        qrData: {
          id: unassigned.id,
          facility: 'FORGED PARTNER',
          customTitle: 'FORGED TITLE',
          discountType: 'percentage',
          discountValue: 99,
          expirationDate: '2030-01-01',
          usageLimit: 999999,
          terms: 'FORGED TERMS',
        },
      },
    });
    expect(res.status).toBe(200);
    const words = await pdfWords(await saveTo(dir, 'forged.pdf', res.data));
    expect(words).toContain('Other Gym');
    expect(words).toContain('$10 Off');
    expect(words).not.toContain('FORGED');
    expect(words).not.toContain('99%');
  });

  it('download-qr gives the bare QR code: a 600 px PNG that scans to the voucher link, or SVG and PDF', async () => {
    const png = await download(h, '/api/download-qr', { token: admin, json: { qrCode: unassigned.id } });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-disposition')).toContain(
      `filename="qr-code-other-gym-${unassigned.id.slice(0, 8)}.png"`,
    );
    expect((await sharp(png.data).metadata()).width).toBe(600);
    expect(await zbar(await saveTo(dir, 'bare.png', png.data))).toBe(unassigned.qrUrl);

    const svg = await download(h, '/api/download-qr', {
      token: admin,
      json: { qrCode: { id: unassigned.id }, format: 'svg' },
    });
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const pdf = await download(h, '/api/download-qr', {
      token: admin,
      json: { qrCode: unassigned.id, format: 'pdf' },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await run('pdfinfo', [await saveTo(dir, 'bare.pdf', pdf.data)]);
  });

  it('a company downloads its assigned code, but gets 404 for any other', async () => {
    const own = await download(h, '/api/download-qr', {
      token: company.token,
      json: { qrCode: assigned.id, format: 'svg' },
    });
    expect(own.status).toBe(200);
    const card = await download(h, '/api/generate-qr-image', {
      token: company.token,
      json: { qrUrl: assigned.qrUrl },
    });
    expect(card.status).toBe(200);

    const notAssigned = await download(h, '/api/download-qr', {
      token: company.token,
      json: { qrCode: unassigned.id },
    });
    expect(notAssigned.status).toBe(404);
    const otherCompanys = await download(h, '/api/generate-qr-image', {
      token: otherCompany.token,
      json: { qrUrl: assigned.qrUrl },
    });
    expect(otherCompanys.status).toBe(404);
    const missing = await download(h, '/api/download-qr', {
      token: admin,
      json: { qrCode: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
  });

  it('anonymous callers get 401', async () => {
    for (const path of ['/api/generate-qr-image', '/api/download-qr', '/api/bulk-download-zip']) {
      const res = await h.api(path, {
        method: 'POST',
        json: { qrCode: assigned.id, qrUrl: assigned.qrUrl, qrCodes: [assigned.id] },
      });
      expect(res.status, path).toBe(401);
    }
    expect((await h.api(`/api/jobs/${assigned.id}`)).status).toBe(401);
    expect((await h.api(`/api/jobs/${assigned.id}/file`)).status).toBe(401);
  });

  it.each([
    [
      '/api/generate-qr-image',
      {},
      'qrUrl must be a voucher link ({origin}/voucher/{id}) or qrData.id a voucher id',
    ],
    [
      '/api/generate-qr-image',
      { qrUrl: 'https://x.example/voucher/abc' },
      'qrUrl must be a voucher link ({origin}/voucher/{id}) or qrData.id a voucher id',
    ],
    [
      '/api/generate-qr-image',
      { qrData: { id: 'abc' }, format: 'png' },
      'qrUrl must be a voucher link ({origin}/voucher/{id}) or qrData.id a voucher id',
    ],
    ['/api/download-qr', {}, 'qrCode is required (a voucher id or an object with its id)'],
    ['/api/download-qr', { qrCode: 'abc' }, 'qrCode must be a voucher id'],
    [
      '/api/download-qr',
      { qrCode: '00000000-0000-4000-8000-000000000000', format: 'gif' },
      'Format must be png, pdf or svg',
    ],
    ['/api/bulk-download-zip', { qrCodes: [] }, 'Please select QR codes to download'],
    ['/api/bulk-download-zip', { qrCodes: ['abc'] }, 'Not a valid QR code id'],
    ['/api/bulk-download-zip', {}, 'Send exactly one of qrCodes, batchId or all'],
    ['/api/bulk-download-zip', { batchId: 'abc' }, 'Not a valid batch id'],
  ])('%s %j is refused with "%s"', async (path, json, message) => {
    const res = await h.api(path, { method: 'POST', token: admin, json });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('ZIP jobs', () => {
  it('a ZIP of two voucher cards completes, with one entry per code, for its owner only', async () => {
    const created = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: admin,
      json: { qrCodes: [assigned, { id: unassigned.id }], format: 'pdf' },
    });
    expect(created.status).toBe(202);
    // RFC 9110 (202): the status resource of the job it started.
    expect(created.headers.get('location')).toBe(`/api/jobs/${created.body.id}`);
    expect(created.body).toMatchObject({
      state: 'queued',
      total: 2,
      format: 'pdf',
      variant: 'card',
      downloadUrl: `/api/jobs/${created.body.id}/file`,
    });
    const job = await waitForJob(h, created.body.id, admin);
    expect(job).toMatchObject({ state: 'completed', progress: 100, done: 2, total: 2, error: null });
    expect(job.finishedAt).toBeTruthy();

    const file = await download(h, job.downloadUrl, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="qr-previews-pdf-\d{8}-\d{6}\.zip"/,
    );
    const entries = await zipEntries(await saveTo(dir, 'two.zip', file.data));
    expect(entries.sort()).toEqual(
      [
        `qr-preview-other-gym-${unassigned.id.slice(0, 8)}.pdf`,
        `qr-preview-script-alert-1-script-quotes-${assigned.id.slice(0, 8)}.pdf`,
      ].sort(),
    );

    // Someone else's job does not exist for them.
    expect((await h.api(`/api/jobs/${job.id}`, { token: company.token })).status).toBe(404);
    expect((await h.api(`/api/jobs/${job.id}/file`, { token: company.token })).status).toBe(404);
    expect((await h.api('/api/jobs/00000000-0000-4000-8000-000000000000', { token: admin })).status).toBe(
      404,
    );
    expect((await h.api('/api/jobs/not-a-job', { token: admin })).body.message).toBe('Not a valid job id');
  });

  it("the Idempotency-Key header: the same key answers the same job; another caller's key is theirs", async () => {
    const ask = (token: string, key: string, json: Record<string, unknown> = { qrCodes: [assigned.id] }) =>
      h.api('/api/bulk-download-zip', { method: 'POST', token, json, headers: { 'Idempotency-Key': key } });
    const key = `zip-${Date.now()}`;
    const first = await ask(admin, key);
    expect(first.status).toBe(202);
    const again = await ask(admin, key);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('location')).toBe(`/api/jobs/${first.body.id}`);
    // The same key from another user is another request; the same key for another ZIP is refused.
    const theirs = await ask(company.token, key);
    expect(theirs.status).toBe(202);
    expect(theirs.body.id).not.toBe(first.body.id);
    const other = await ask(admin, key, { qrCodes: [assigned.id], format: 'svg' });
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/Idempotency-Key was already used/);
    const bad = await ask(admin, 'a b');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Idempotency-Key must be 1-200 visible ASCII characters');
    await waitForJob(h, first.body.id, admin);
    await waitForJob(h, theirs.body.id, company.token);
  });

  it('a company zips its own codes, but not codes it cannot see nor whole batches', async () => {
    const own = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: company.token,
      json: { qrCodes: [assigned.id], format: 'png', variant: 'qr' },
    });
    expect(own.status).toBe(202);
    const job = await waitForJob(h, own.body.id, company.token);
    expect(job.state).toBe('completed');
    const file = await download(h, job.downloadUrl, { token: company.token });
    const entries = await zipEntries(await saveTo(dir, 'company.zip', file.data));
    expect(entries).toEqual([`qr-code-script-alert-1-script-quotes-${assigned.id.slice(0, 8)}.png`]);

    const mixed = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: company.token,
      json: { qrCodes: [assigned.id, unassigned.id] },
    });
    expect(mixed.status).toBe(404);
    const everything = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: otherCompany.token,
      json: { all: true },
    });
    expect(everything.status).toBe(400);
    expect(everything.body.message).toBe('There are no QR codes to download');
    const batch = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: company.token,
      json: { batchId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(batch.status).toBe(403);
  });
});

describe('ZIP download links', () => {
  /** A finished two-card ZIP of the administrator's. */
  async function finishedZip(token = admin, qrCodes = [assigned.id, unassigned.id]) {
    const created = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token,
      json: { qrCodes, format: 'svg', variant: 'qr' },
    });
    expect(created.status).toBe(202);
    const job = await waitForJob(h, created.body.id, token);
    expect(job.state).toBe('completed');
    return job;
  }

  it('a short-lived link downloads the ZIP without a bearer token, whole or by byte ranges', async () => {
    const job = await finishedZip();
    const whole = await download(h, job.downloadUrl, { token: admin });
    expect(whole.status).toBe(200);

    const link = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST', token: admin });
    expect(link.status).toBe(200);
    expect(link.headers.get('cache-control')).toBe('no-store');
    expect(link.body.url).toMatch(/^\/api\/downloads\/[A-Za-z0-9_-]{43}$/);
    const expiresIn = new Date(link.body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(300_000);

    const file = await download(h, link.body.url); // no Authorization header: a browser's navigation
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="qr-codes-svg-\d{8}-\d{6}\.zip"/,
    );
    expect(file.headers.get('accept-ranges')).toBe('bytes');
    expect(file.headers.get('content-length')).toBe(String(whole.data.length));
    expect(file.data.equals(whole.data)).toBe(true);
    expect((await zipEntries(await saveTo(dir, 'link.zip', file.data))).sort()).toEqual(
      [
        `qr-code-other-gym-${unassigned.id.slice(0, 8)}.svg`,
        `qr-code-script-alert-1-script-quotes-${assigned.id.slice(0, 8)}.svg`,
      ].sort(),
    );

    // A resumed download: the first 100 bytes, the rest, the last 22 (the end record).
    const size = whole.data.length;
    const head = await download(h, link.body.url, { headers: { range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(head.data.equals(whole.data.subarray(0, 100))).toBe(true);
    const rest = await download(h, link.body.url, { headers: { range: 'bytes=100-' } });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([head.data, rest.data]).equals(whole.data)).toBe(true);
    const tail = await download(h, job.downloadUrl, { token: admin, headers: { range: 'bytes=-22' } });
    expect(tail.status).toBe(206);
    expect(tail.data.equals(whole.data.subarray(size - 22))).toBe(true);
    // A changed file (If-Range no longer matches) comes whole; a range past the end is a 416.
    const changed = await download(h, link.body.url, {
      headers: { range: 'bytes=0-99', 'if-range': '"not-this-file"' },
    });
    expect(changed.status).toBe(200);
    expect(changed.data.length).toBe(size);
    const beyond = await download(h, link.body.url, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(beyond.json.message).toBe(`The range asked for is outside the file (${size} bytes).`);
  });

  it("only the job's owner gets a link, and anonymous callers none", async () => {
    const job = await finishedZip();
    const theirs = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST', token: company.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('ZIP job not found');
    const anonymous = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect((await h.api(`/api/jobs/${job.id}/file`)).status).toBe(401);
    expect((await h.api('/api/jobs/not-a-job/link', { method: 'POST', token: admin })).body.message).toBe(
      'Not a valid job id',
    );
  });

  it('a link ends with the session that made it: after its owner signs out it is refused', async () => {
    const signedIn = await h.api('/api/auth/login', { method: 'POST', json: ADMIN });
    const session = signedIn.body.token as string;
    const job = await finishedZip(session);
    const link = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST', token: session });
    expect((await download(h, link.body.url)).status).toBe(200);

    expect((await h.api('/api/auth/logout', { method: 'POST', token: session })).status).toBe(200);
    const after = await download(h, link.body.url);
    expect(after.status).toBe(401);
    expect(after.json.message).toBe(
      'This download link ended when its session did (signed out, or timed out). Sign in and start the download again.',
    );
    // The administrator's other session still gets its own links.
    const own = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST', token: admin });
    expect((await download(h, own.body.url)).status).toBe(200);
  });

  it('a malformed token is a 400, an unknown one a 404 and an expired one a 410, each saying what to do', async () => {
    const bad = await h.api('/api/downloads/not-a-token');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This is not a download link. Start the download again from the app.');
    const unknown = await h.api(`/api/downloads/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      'This download link is not valid. Start the download again from the app.',
    );

    const job = await finishedZip();
    const link = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST', token: admin });
    const token = link.body.url.split('/').pop();
    // Five minutes later (its expiry moved into the past, as time would).
    const redis = new Redis(h.env.REDIS_URL!);
    try {
      const key = downloadLinkKey(h.env.NATS_NAMESPACE!, token);
      const stored = JSON.parse((await redis.get(key))!);
      expect(stored).toMatchObject({ jobId: job.id, actor: { role: 'super_admin' } });
      await redis.set(key, JSON.stringify({ ...stored, expiresAt: Date.now() - 1 }), 'KEEPTTL');
    } finally {
      redis.disconnect();
    }
    const expired = await h.api(link.body.url);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(
      'This download link has expired (links work for 5 minutes). Start the download again from the app.',
    );
  });

  it("a link keeps to its owner's job: a job moved to someone else is not downloaded through it", async () => {
    const job = await finishedZip();
    const link = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST', token: admin });
    expect((await download(h, link.body.url)).status).toBe(200);
    // The job's data now names another owner: the link (bound to the administrator) opens nothing.
    const redis = new Redis(h.env.REDIS_URL!);
    try {
      const key = `bull:${zipQueueName(h.env.NATS_NAMESPACE!)}:${job.id}`;
      const data = JSON.parse((await redis.hget(key, 'data'))!);
      await redis.hset(key, 'data', JSON.stringify({ ...data, ownerUserId: randomUUID() }));
    } finally {
      redis.disconnect();
    }
    const refused = await download(h, link.body.url);
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe('ZIP job not found');
  });
});

describe('the file rendering names', () => {
  it('is served only from DATA_DIR/jobs: a forged location in a job is refused, never opened', async () => {
    const mine = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: admin,
      json: { qrCodes: [unassigned.id], format: 'svg', variant: 'qr' },
    });
    const theirs = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: company.token,
      json: { qrCodes: [assigned.id], format: 'svg', variant: 'qr' },
    });
    const job = await waitForJob(h, mine.body.id, admin);
    await waitForJob(h, theirs.body.id, company.token);
    expect((await download(h, job.downloadUrl, { token: admin })).status).toBe(200);
    const link = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST', token: admin });

    // The job's return value (a worker's data in Redis) names other files: each is refused.
    const redis = new Redis(h.env.REDIS_URL!);
    const key = `bull:${zipQueueName(h.env.NATS_NAMESPACE!)}:${job.id}`;
    const original = (await redis.hget(key, 'returnvalue'))!;
    expect(JSON.parse(original)).toMatchObject({ entries: 1, file: `jobs/${job.id}.zip` });
    try {
      for (const file of [
        '../../../etc/passwd',
        '/etc/passwd',
        `jobs/../../${job.id}.zip`,
        `jobs/${theirs.body.id}.zip`, // another user's ZIP
        'uploads/logo.zip',
      ]) {
        await redis.hset(key, 'returnvalue', JSON.stringify({ entries: 1, bytes: 1, file }));
        for (const res of [
          await download(h, job.downloadUrl, { token: admin }),
          await download(h, link.body.url),
        ]) {
          expect(res.status, file).toBe(404);
          expect(res.json.message).toBe('This ZIP file is not available. Please start the download again.');
        }
      }
    } finally {
      await redis.hset(key, 'returnvalue', original);
      redis.disconnect();
    }
    expect((await download(h, job.downloadUrl, { token: admin })).status).toBe(200);

    // The file itself replaced by a symbolic link to a file elsewhere: not followed.
    const path = join(h.env.DATA_DIR!, 'jobs', `${job.id}.zip`);
    await rm(path);
    await symlink('/etc/hostname', path);
    const followed = await download(h, job.downloadUrl, { token: admin });
    expect(followed.status).toBe(404);
    expect(followed.json.message).toBe('This ZIP file is not available. Please start the download again.');
    // And a file purged meanwhile says so.
    await rm(path);
    const purged = await download(h, link.body.url);
    expect(purged.status).toBe(404);
    expect(purged.json.message).toBe(
      'This ZIP file has expired (files are kept for a limited time). Please start the download again.',
    );
  });

  it('the gateway resolves a location only to a plain file directly in DATA_DIR/jobs', () => {
    const id = '0b6f3c1e-4d2a-4c8b-9f00-000000000001';
    expect(jobFilePath('/srv/data', `jobs/${id}.zip`)).toBe(`/srv/data/jobs/${id}.zip`);
    for (const location of [
      '../etc/passwd',
      '/etc/passwd',
      'jobs/../../etc/passwd.zip',
      'jobs/a/b.zip',
      'jobs/.zip',
      'jobs/..zip',
      `jobs/${id}.zip/`,
      `jobs\\${id}.zip`,
      `jobs/${id}.zip\0`,
      `./jobs/${id}.zip`,
      `uploads/${id}.zip`,
      `jobs/${id}.ZIP.part`,
      '',
      undefined,
      42,
    ]) {
      expect(jobFilePath('/srv/data', location), String(location)).toBeNull();
    }
  });
});

describe('print sizes', () => {
  it('the card PDF is an A6 page by default and a 4 × 6 in page on request', async () => {
    const pageSize = async (json: Record<string, unknown>, name: string) => {
      const res = await download(h, '/api/generate-qr-image', { token: admin, json });
      expect(res.status).toBe(200);
      const info = (await run('pdfinfo', [await saveTo(dir, name, res.data)])).stdout;
      return /Page size:\s+(.*)/.exec(info)?.[1];
    };
    expect(await pageSize({ qrUrl: assigned.qrUrl, format: 'pdf' }, 'a6.pdf')).toMatch(
      /^297\.638 x 419\.528 pts/,
    );
    expect(await pageSize({ qrUrl: assigned.qrUrl, format: 'pdf', size: '4x6' }, '4x6.pdf')).toMatch(
      /^288 x 432 pts/,
    );
    const bad = await h.api('/api/download-qr', {
      method: 'POST',
      token: admin,
      json: { qrCode: assigned.id, format: 'pdf', variant: 'card', size: 'a0' },
    });
    expect(bad.status).toBe(400);
  });

  it('an A4 print sheet downloads as one PDF of all the cards, four to a page, not a ZIP holding it', async () => {
    const created = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: admin,
      json: { qrCodes: [assigned.id, unassigned.id], format: 'pdf', sheet: 'a4' },
    });
    expect(created.status).toBe(202);
    expect(created.body.sheet).toBe('a4');
    expect(created.body.fileName).toMatch(/^qr-cards-sheet-a4-\d{8}-\d{6}\.pdf$/);
    const job = await waitForJob(h, created.body.id, admin);
    expect(job).toMatchObject({ state: 'completed', done: 2, position: null });
    const file = await download(h, job.downloadUrl, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/filename="qr-cards-sheet-a4-\d{8}-\d{6}\.pdf"/);
    expect(file.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = (await run('pdfinfo', [await saveTo(dir, 'sheet-a4.pdf', file.data)])).stdout;
    expect(info).toMatch(/Pages:\s+1\b/);
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    // The browser's way: a short-lived link, the same PDF, resumable.
    const link = await h.api(`/api/jobs/${job.id}/link`, { method: 'POST', token: admin });
    expect(link.status).toBe(200);
    const viaLink = await download(h, link.body.url);
    expect(viaLink.headers.get('content-type')).toBe('application/pdf');
    expect(viaLink.data.equals(file.data)).toBe(true);
    const head = await download(h, link.body.url, { headers: { range: 'bytes=0-4' } });
    expect(head.status).toBe(206);
    expect(head.data.toString('latin1')).toBe('%PDF-');
  });

  it('a Letter print sheet is one PDF on Letter paper; the other formats stay ZIPs', async () => {
    const created = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: admin,
      json: { qrCodes: [assigned.id], format: 'pdf', sheet: 'letter' },
    });
    const job = await waitForJob(h, created.body.id, admin);
    const file = await download(h, job.downloadUrl, { token: admin });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/qr-cards-sheet-letter-\d{8}-\d{6}\.pdf/);
    const info = (await run('pdfinfo', [await saveTo(dir, 'sheet-letter.pdf', file.data)])).stdout;
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const zip = await waitForJob(
      h,
      (
        await h.api('/api/bulk-download-zip', {
          method: 'POST',
          token: admin,
          json: { qrCodes: [assigned.id], format: 'pdf' },
        })
      ).body.id,
      admin,
    );
    const zipped = await download(h, zip.downloadUrl, { token: admin });
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    expect(zip.fileName).toMatch(/\.zip$/);
  });
});

describe('queue board', () => {
  it('opens only with the cookie a super administrator gets from POST /api/queues/session', async () => {
    expect((await h.api('/admin/queues')).status).toBe(401);
    expect((await h.api('/admin/queues/api/queues')).status).toBe(401);
    expect(
      (
        await h.api('/admin/queues/', {
          headers: { cookie: 'avpass_queue_board=forged-token-forged-token-forged-token-abcd' },
        })
      ).status,
    ).toBe(401);
    expect((await h.api('/api/queues/session', { method: 'POST' })).status).toBe(401);
    expect((await h.api('/api/queues/session', { method: 'POST', token: company.token })).status).toBe(403);

    const session = await h.api('/api/queues/session', { method: 'POST', token: admin });
    expect(session.status).toBe(200);
    expect(session.body.url).toBe('/admin/queues/');
    expect(new Date(session.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const setCookie = session.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^avpass_queue_board=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/admin/queues');
    expect(setCookie).toContain('Max-Age=600');
    expect(setCookie).not.toContain('Secure'); // plain http here; https adds it
    const cookie = setCookie.split(';')[0]!;

    const page = await h.api('/admin/queues/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const queues = await h.api('/admin/queues/api/queues', { headers: { cookie } });
    expect(queues.status).toBe(200);
    expect(JSON.stringify(queues.body)).toContain(`${h.env.NATS_NAMESPACE}-rendering-zip`);
    // The SPA's own /admin page is not the board's.
    expect((await h.api('/admin')).status).not.toBe(401);
  });
});
