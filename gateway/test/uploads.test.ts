import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: '#0a7' } })
    .png()
    .toBuffer();

function form(parts: Record<string, string | { data: Buffer; name: string; type: string }>): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    if (typeof value === 'string') fd.append(key, value);
    else fd.append(key, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  return fd;
}

describe('vendor photo upload', () => {
  it('stores a re-encoded image under /uploads and serves it with nosniff', async () => {
    const res = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      body: form({ photo: { data: await png(), name: 'logo.png', type: 'image/png' } }),
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const file = await fetch(`${h.url}${res.body.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  it("with a vendorId, a logo becomes the partner's logo and a gallery photo joins its gallery", async () => {
    const v = await h.api('/api/vendors', { method: 'POST', token: admin, json: { name: 'Photo Vendor' } });
    const logo = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      // Fields after the file are read too.
      body: form({
        photo: { data: await png(), name: 'a.png', type: 'image/png' },
        vendorId: v.body.id,
        photoType: 'logo',
      }),
    });
    const gallery = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      body: form({
        vendorId: v.body.id,
        photoType: 'gallery',
        photo: { data: await png(), name: 'b.png', type: 'image/png' },
      }),
    });
    const vendor = (await h.api('/api/vendors?search=Photo%20Vendor', { token: admin })).body.items.find(
      (x: { id: string }) => x.id === v.body.id,
    );
    expect(vendor.logoUrl).toBe(logo.body.url);
    expect(vendor.galleryPhotos).toEqual([gallery.body.url]);
  });

  it('judges the content, not the name or declared type', async () => {
    const fake = Buffer.from('<svg onload="alert(1)"></svg>');
    const res = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      body: form({ photo: { data: fake, name: 'x.png', type: 'image/png' } }),
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Please select an image file (PNG, JPG, JPEG).');
    const truncatedPng = (await png()).subarray(0, 20);
    const broken = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      body: form({ photo: { data: truncatedPng, name: 'y.png', type: 'image/png' } }),
    });
    expect(broken.status).toBe(415);
  });

  it('refuses a file over 10 MB with 413 and the spec message', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      body: form({ photo: { data: big, name: 'big.png', type: 'image/png' } }),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Please select a file smaller than 10MB');
  });

  it('needs a file, a valid vendor id and photo type', async () => {
    const none = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      body: form({ photoType: 'logo' }),
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please choose a photo to upload');
    const badType = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      body: form({ photo: { data: await png(), name: 'a.png', type: 'image/png' }, photoType: 'banner' }),
    });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe('Photo type must be logo or gallery');
    const json = await h.api('/api/upload/vendor-photo', {
      method: 'POST',
      token: admin,
      json: { photo: 'x' },
    });
    expect(json.status).toBe(400);
  });

  it('is for the administrator only', async () => {
    const p = await createPartnerWithUser(h, 'Upload Denied');
    const body = () => form({ photo: { data: Buffer.from('x'), name: 'a.png', type: 'image/png' } });
    expect(
      (await h.api('/api/upload/vendor-photo', { method: 'POST', token: p.token, body: body() })).status,
    ).toBe(403);
    expect((await h.api('/api/upload/vendor-photo', { method: 'POST', body: body() })).status).toBe(401);
  });
});
