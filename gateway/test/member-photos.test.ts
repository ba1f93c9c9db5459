import { passStepAt } from '@avpass/domain';
import { MemberPassService } from '@avpass/members-service';
import pg from 'pg';
import sharp from 'sharp';
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 43, decision 372: a member's photo. The administrator uploads it (any PNG, JPEG or WebP up to
// 10 MB, made a 256 px square JPEG by the gateway, kept by the members service), reads and removes it;
// the till's pass answer carries a signed 10-minute URL that serves it to an <img> with no token; a
// tampered, expired or outdated URL is a 404, and erasure takes the photo with it.
const PASS_SECRET = 'member-photo-secret-for-the-gateway-test-0123456789';
let h: Harness;
let db: pg.Client;
let admin: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness(
    { MEMBER_PASS_SECRET: PASS_SECRET },
    { services: ['partners', 'members', 'vouchers'] },
  );
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Photo Bike Shop');
}, 120_000);
afterAll(async () => {
  await db?.end();
  await h?.close();
});

async function newMember(firstName = 'Irene') {
  const res = await h.api('/api/members', {
    method: 'POST',
    token: admin,
    json: { firstName, lastName: 'vega', email: `photo-${randomUUID().slice(0, 8)}@example.com` },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A 400×400 photo: red on top, blue below, stored sideways (EXIF orientation 6: shown turned right). */
async function sidewaysJpeg(): Promise<Buffer> {
  const half = (colour: string) =>
    sharp({ create: { width: 400, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 400, height: 400, channels: 3, background: '#000' } })
    .composite([
      { input: await half('#ff0000'), top: 0, left: 0 },
      { input: await half('#0000ff'), top: 200, left: 0 },
    ])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A tall PNG, transparent all round a green square. */
async function transparentPng(): Promise<Buffer> {
  const green = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#00a000' } })
    .png()
    .toBuffer();
  return sharp({
    create: { width: 300, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: green, top: 200, left: 100 }])
    .png()
    .toBuffer();
}

function photoForm(data: Buffer, name = 'face.jpg', type = 'image/jpeg', field = 'photo'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

const upload = (id: string, body: FormData, token: string | null = admin) =>
  h.api(`/api/members/${id}/photo`, { method: 'PUT', token, body });

/** The photo URL as an <img> loads it: no token. */
async function load(url: string) {
  const res = await fetch(`${h.url}${url}`);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** One RGB pixel of a decoded image. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const near = (actual: number[], expected: number[]) =>
  actual.every((value, i) => Math.abs(value - expected[i]!) <= 40);

/** The member's pass scanned at the shop's till now (a rotating code of the current step). */
async function scanPass(memberId: string) {
  const code = await h
    .service('members')
    .get(MemberPassService)
    .signedCode({ kind: 'rotating', memberId, passVersion: 1, step: passStepAt(Date.now()) });
  const res = await h.api('/api/till/pass', { method: 'POST', token: shop.token, json: { code } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.accepted, JSON.stringify(res.body)).toBe(true);
  return res.body.holder as { firstName: string; lastInitial: string; photoUrl: string | null };
}

/** A URL signed by hand, as decision 372 says: HKDF-SHA256 of MEMBER_PASS_SECRET, its own label. */
function signedByHand(memberId: string, version: number, expires: number): string {
  const key = Buffer.from(
    hkdfSync('sha256', PASS_SECRET, 'avpass member photos v1', 'member-photo urls', 32),
  );
  const sig = createHmac('sha256', key).update(`${memberId}.${version}.${expires}`).digest('base64url');
  return `/api/member-photos/${memberId}.jpg?v=${version}&exp=${expires}&sig=${sig}`;
}

describe('PUT /api/members/{id}/photo', () => {
  it('makes a JPEG or a PNG a 256 px square JPEG, upright by its EXIF, and answers its signed URL', async () => {
    const id = await newMember();
    const res = await upload(id, photoForm(await sidewaysJpeg()));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.photoUrl).toMatch(
      new RegExp(`^/api/member-photos/${id}\\.jpg\\?v=\\d+&exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
    );
    const versionOf = (url: string) => Number(/\?v=(\d+)&/.exec(url)![1]);
    const first = versionOf(res.body.photoUrl);
    const expires = Number(/exp=(\d+)/.exec(res.body.photoUrl)![1]);
    expect(Math.abs(expires - (Date.now() / 1000 + 600))).toBeLessThan(30);
    expect(Math.abs(Date.parse(res.body.updatedAt) - Date.now())).toBeLessThan(30_000);

    const jpeg = await load(res.body.photoUrl);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpeg.headers.get('cache-control')).toBe('private, max-age=600');
    expect(jpeg.headers.get('x-content-type-options')).toBe('nosniff');
    expect(jpeg.body.length).toBeLessThan(60 * 1024);
    const meta = await sharp(jpeg.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
    // Turned right as its EXIF said: the red top is now on the right, the blue bottom on the left.
    expect(near(await pixel(jpeg.body, 32, 128), [0, 0, 255])).toBe(true);
    expect(near(await pixel(jpeg.body, 224, 128), [255, 0, 0])).toBe(true);

    // A PNG replaces it: the version moves on, transparency is white.
    const png = await upload(id, photoForm(await transparentPng(), 'face.png', 'image/png'));
    expect(png.status, JSON.stringify(png.body)).toBe(200);
    const next = versionOf(png.body.photoUrl);
    expect(next).toBeGreaterThan(first);
    const second = await load(png.body.photoUrl);
    expect(await sharp(second.body).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(near(await pixel(second.body, 2, 2), [255, 255, 255])).toBe(true);
    // The first photo's URL no longer serves anything.
    expect((await load(res.body.photoUrl)).status).toBe(404);

    const read = await h.api(`/api/members/${id}/photo`, { token: admin });
    expect(read.status).toBe(200);
    expect(versionOf(read.body.photoUrl)).toBe(next);
    expect((await load(read.body.photoUrl)).body.equals(second.body)).toBe(true);

    // Audited as a change of the member, without the photo itself.
    const entries = await db.query(
      `select changes from members.audit_entries
        where target_id = $1 and action = 'members.member.updated' order by seq`,
      [id],
    );
    expect(entries.rows.map((r) => r.changes)).toEqual([
      { photoVersion: { before: null, after: first } },
      { photoVersion: { before: first, after: next } },
    ]);
  });

  it('refuses what is not an image (415) and a file over 10 MB (413), with the partner photo’s words', async () => {
    const id = await newMember();
    const text = await upload(id, photoForm(Buffer.from('just some words, not a face'), 'face.jpg'));
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({
      message: 'Please select an image file (PNG, JPG, JPEG).',
      code: 'upload.photo.not-an-image',
    });
    // JPEG's first bytes, then nothing a decoder can read.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect((await upload(id, photoForm(broken))).status).toBe(415);
    const big = Buffer.concat([await sidewaysJpeg(), Buffer.alloc(10 * 1024 * 1024, 1)]);
    const tooLarge = await upload(id, photoForm(big));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({
      message: 'Please select a file smaller than 10MB',
      code: 'upload.photo.too-large',
    });
    const missing = await upload(id, photoForm(await sidewaysJpeg(), 'face.jpg', 'image/jpeg', 'file'));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please choose a photo to upload');
    const notMultipart = await h.api(`/api/members/${id}/photo`, { method: 'PUT', token: admin, json: {} });
    expect(notMultipart.status).toBe(400);
    // Nothing was stored.
    expect((await h.api(`/api/members/${id}/photo`, { token: admin })).body).toEqual({
      photoUrl: null,
      updatedAt: null,
    });
  });

  it('is 401 anonymously, 403 for a partner’s staff, 404 for a member unknown or erased', async () => {
    const id = await newMember();
    const photo = await sidewaysJpeg();
    expect((await upload(id, photoForm(photo), null)).status).toBe(401);
    expect((await upload(id, photoForm(photo), shop.token)).status).toBe(403);
    expect((await h.api(`/api/members/${id}/photo`, { token: shop.token })).status).toBe(403);
    expect((await h.api(`/api/members/${id}/photo`, { method: 'DELETE', token: shop.token })).status).toBe(
      403,
    );
    expect((await h.api(`/api/members/${id}/photo`, { method: 'DELETE' })).status).toBe(401);
    const unknown = randomUUID();
    const none = await upload(unknown, photoForm(photo));
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Member not found');
    expect((await h.api(`/api/members/${unknown}/photo`, { token: admin })).status).toBe(404);
    expect((await h.api(`/api/members/${unknown}/photo`, { method: 'DELETE', token: admin })).status).toBe(
      404,
    );
    expect((await h.api(`/api/members/not-an-id/photo`, { token: admin })).status).toBe(400);
    expect((await h.api(`/api/members/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await upload(id, photoForm(photo))).status).toBe(404);
  });
});

describe('the photo at the till', () => {
  it('the pass answer carries a signed URL that serves the JPEG; tampered, expired or outdated URLs are 404', async () => {
    const id = await newMember('Sara');
    expect((await scanPass(id)).photoUrl).toBeNull();
    const uploaded = await upload(id, photoForm(await sidewaysJpeg()));
    expect(uploaded.status).toBe(200);

    const holder = await scanPass(id);
    expect(holder).toMatchObject({ firstName: 'Sara', lastInitial: 'V' });
    expect(holder.photoUrl).toMatch(new RegExp(`^/api/member-photos/${id}\\.jpg\\?v=\\d+&exp=\\d+&sig=`));
    const version = Number(new URL(holder.photoUrl!, h.url).searchParams.get('v'));
    const served = await load(holder.photoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(served.body).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });

    // The same 404 for every URL that does not verify, and no word of why.
    const url = new URL(holder.photoUrl!, h.url);
    const sig = url.searchParams.get('sig')!;
    const exp = Number(url.searchParams.get('exp'));
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const wrong = [
      holder.photoUrl!.replace(`sig=${sig}`, `sig=${flipped}`),
      holder.photoUrl!.replace(`exp=${exp}`, `exp=${exp + 3600}`),
      holder.photoUrl!.replace(`v=${version}`, `v=${version + 1}`),
      holder.photoUrl!.replace(id, randomUUID()),
      holder.photoUrl!.replace(`&sig=${sig}`, ''),
      holder.photoUrl!.replace('.jpg', '.png'),
      `/api/member-photos/${id}.jpg`,
      `${holder.photoUrl!}&sig=${sig}`,
    ];
    for (const path of wrong) {
      const res = await load(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body.toString()).message, path).toBe('Photo not found');
    }
    // Signed by hand with the key the decision describes: a live URL works, an expired one does not.
    const now = Math.floor(Date.now() / 1000);
    expect((await load(signedByHand(id, version, now + 60))).status).toBe(200);
    expect((await load(signedByHand(id, version, now - 1))).status).toBe(404);
    expect((await load(signedByHand(id, version, 1))).status).toBe(404);

    // Removed: its URLs are 404, the pass answer has no photo, and a second removal is fine.
    const removed = await h.api(`/api/members/${id}/photo`, { method: 'DELETE', token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Photo removed' });
    expect((await load(holder.photoUrl!)).status).toBe(404);
    expect((await scanPass(id)).photoUrl).toBeNull();
    expect((await h.api(`/api/members/${id}/photo`, { token: admin })).body.photoUrl).toBeNull();
    expect((await h.api(`/api/members/${id}/photo`, { method: 'DELETE', token: admin })).status).toBe(200);
    const entries = await db.query(
      `select changes from members.audit_entries
        where target_id = $1 and action = 'members.member.updated' order by seq`,
      [id],
    );
    expect(entries.rows.map((r) => r.changes)).toEqual([
      { photoVersion: { before: null, after: version } },
      { photoVersion: { before: version, after: null } },
    ]);
    // A new photo after the removal has a version never used: the removed one's URL stays dead.
    const again = await upload(id, photoForm(await sidewaysJpeg()));
    expect(Number(new URL(again.body.photoUrl, h.url).searchParams.get('v'))).toBeGreaterThan(version);
    expect((await load(holder.photoUrl!)).status).toBe(404);
    expect((await load(again.body.photoUrl)).status).toBe(200);
  });

  it('erasure takes the photo in its transaction: the URL is 404 and no row is left', async () => {
    const id = await newMember();
    const uploaded = await upload(id, photoForm(await sidewaysJpeg()));
    expect((await load(uploaded.body.photoUrl)).status).toBe(200);
    const exported = await h.api(`/api/members/${id}/export`, { token: admin });
    expect(exported.body.photo).toMatchObject({ contentType: 'image/jpeg' });
    const inExport = Buffer.from(exported.body.photo.contentBase64, 'base64');
    expect((await load(uploaded.body.photoUrl)).body.equals(inExport)).toBe(true);

    expect((await h.api(`/api/members/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await load(uploaded.body.photoUrl)).status).toBe(404);
    const rows = await db.query('select 1 from members.member_photos where member_id = $1', [id]);
    expect(rows.rowCount).toBe(0);
  });

  it('a merge: the target keeps its own photo, else takes the other’s', async () => {
    const [keeps, loses, bare, giver] = [
      await newMember(),
      await newMember(),
      await newMember(),
      await newMember(),
    ];
    const own = await upload(keeps, photoForm(await sidewaysJpeg()));
    const other = await upload(loses, photoForm(await transparentPng(), 'p.png', 'image/png'));
    const ownBytes = (await load(own.body.photoUrl)).body;
    expect((await load(other.body.photoUrl)).status).toBe(200);
    const merge = (id: string, from: string) =>
      h.api(`/api/members/${id}/merge`, { method: 'POST', token: admin, json: { from } });

    expect((await merge(keeps, loses)).status).toBe(200);
    const kept = await h.api(`/api/members/${keeps}/photo`, { token: admin });
    expect((await load(kept.body.photoUrl)).body.equals(ownBytes)).toBe(true);

    const given = await upload(giver, photoForm(await transparentPng(), 'p.png', 'image/png'));
    const givenBytes = (await load(given.body.photoUrl)).body;
    expect((await merge(bare, giver)).status).toBe(200);
    const taken = await h.api(`/api/members/${bare}/photo`, { token: admin });
    expect((await load(taken.body.photoUrl)).body.equals(givenBytes)).toBe(true);
    expect((await load(given.body.photoUrl)).status).toBe(404); // the merged-away member is gone
    const rows = await db.query('select member_id from members.member_photos where member_id = any($1)', [
      [loses, giver],
    ]);
    expect(rows.rowCount).toBe(0);
  });
});
