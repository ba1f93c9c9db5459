import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';
import { rawGet, textOf } from './support/raw-answer';

const INDEX = `<!doctype html><html><head><title>AV Pass</title></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

// A phone opening a voucher's QR code sees the voucher in the first HTML, before the app's code loads.
describe('the voucher page arrives with the voucher in it', () => {
  let h: Harness;
  let dist: string;
  let admin: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'avpass-dist-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    h = await startHarness({ FRONTEND_DIST: dist }, { services: ['partners', 'vouchers'] });
    admin = await h.adminToken();
  });
  afterAll(async () => {
    await h?.close();
    await rm(dist, { recursive: true, force: true });
  });

  async function generate(extra: Record<string, unknown>) {
    const res = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic: 'Peak Physio',
        discountType: 'percentage',
        discountValue: '25',
        service: 'Assessment',
        expirationDate: '2099-12-31',
        usageLimit: '3',
        deploymentUrl: 'https://site.example',
        ...extra,
      },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  /**
   * The page, asked again (at most twice) when it came as the plain index.html: the gateway waits 500 ms
   * for the voucher, which a loaded shared machine may exceed.
   */
  /** The answer as sent (still gzipped), asked again (at most twice) while it is the plain index. */
  async function raw(path: string, headers: Record<string, string>) {
    for (let attempt = 1; ; attempt++) {
      const res = await rawGet(`${h.url}${path}`, headers);
      if (textOf(res) !== INDEX || attempt === 3) return res;
    }
  }

  async function page(path: string, headers: Record<string, string> = {}) {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${h.url}${path}`, { headers });
      const html = await res.text();
      if (html !== INDEX || attempt === 3) return { status: res.status, headers: res.headers, html };
    }
  }

  it('carries what the counter needs: title, discount, status, usage and the code for the till with its QR', async () => {
    const id = await generate({ customTitle: 'Spring Recovery Week' });
    const res = await page(`/voucher/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // Weak: fetch takes gzip, and a gzipped answer is the same page in another coding (below).
    expect(res.headers.get('etag')).toMatch(/^W\/"[\w-]{22}"$/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const root = rootOf(res.html);
    expect(root).toContain('data-voucher-snapshot');
    expect(byTestId(root, 'voucher-title')).toBe('Spring Recovery Week');
    expect(byTestId(root, 'voucher-partner-type')).toBe('Business Partner');
    expect(byTestId(root, 'voucher-discount')).toBe('25% Off');
    expect(byTestId(root, 'voucher-service')).toBe('SERVICEAssessment');
    expect(byTestId(root, 'voucher-valid-until')).toBe('VALID UNTIL12/31/2099');
    expect(byTestId(root, 'voucher-usage')).toBe('USAGE0 / 3ACTIVE');
    expect(byTestId(root, 'voucher-till-code')).toContain('Code for the till');
    expect(byTestId(root, 'voucher-short-code')).toBe(id.slice(0, 8).toUpperCase());
    expect(root).toContain('Staff scan the QR or type these 8 characters at the till.');
    // The QR as an inline SVG of the voucher's own link (the e2e decodes it), no script needed.
    const api = await h.api(`/api/qr-codes/${id}`);
    expect(root).toMatch(
      /<svg viewBox="0 0 (\d+) \1" role="img" aria-label="Voucher QR code"[^>]*><path d="M[\d hvzM-]+"/,
    );
    expect(root).toContain(`data-qr-for="${api.body.qrUrl}"`);
    expect(res.html).toContain('<script type="module" src="/assets/main.js"></script>');
    // The app starts from the same answer the API gives, sent as a data block (never run).
    expect(dataBlock(res.html)).toEqual(api.body);
  });

  it('is a 304 while the voucher is unchanged, and a redeem changes it', async () => {
    const id = await generate({});
    const first = await page(`/voucher/${id}`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${h.url}/voucher/${id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    // Another voucher's page, or the strong or listed form of the (weak, gzipped) tag, is judged the same way.
    const listed = await fetch(`${h.url}/voucher/${id}`, {
      headers: { 'if-none-match': `"x", ${etag.replace(/^W\//, '')}` },
    });
    expect(listed.status).toBe(304);
    const other = await fetch(`${h.url}/voucher/${await generate({})}`, {
      headers: { 'if-none-match': etag },
    });
    expect(other.status).toBe(200);

    const redeemed = await h.api(`/api/redeem/${id}`, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const after = await page(`/voucher/${id}`, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(byTestId(rootOf(after.html), 'voucher-usage')).toBe('USAGE1 / 3ACTIVE');
  });

  it('goes gzipped to a browser that takes it, the same page, a 304 in either coding', async () => {
    const id = await generate({ customTitle: 'Gzip Week' });
    const plain = await raw(`/voucher/${id}`, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const html = plain.body.toString('utf8');
    expect(byTestId(rootOf(html), 'voucher-title')).toBe('Gzip Week');

    for (const accepted of ['gzip, deflate', 'br;q=1, gzip;q=0.5', '*']) {
      const zipped = await raw(`/voucher/${id}`, { 'accept-encoding': accepted });
      expect([accepted, zipped.status, zipped.headers['content-encoding']]).toEqual([accepted, 200, 'gzip']);
      expect(zipped.headers.etag).toBe(`W/${etag}`);
      expect(zipped.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
      expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
      expect(gunzipSync(zipped.body).toString('utf8')).toBe(html);
    }
    // Refused, or not named: as text.
    for (const refused of ['gzip;q=0, deflate', 'deflate, br', '*;q=0'])
      expect(
        (await raw(`/voucher/${id}`, { 'accept-encoding': refused })).headers['content-encoding'],
      ).toBeUndefined();
    // Revalidated with the tag of either answer, by either client: unchanged.
    for (const tag of [etag, `W/${etag}`])
      for (const accepted of ['identity', 'gzip'])
        expect(
          (await raw(`/voucher/${id}`, { 'accept-encoding': accepted, 'if-none-match': tag })).status,
        ).toBe(304);
    // The page saying a voucher is not found goes gzipped too.
    const unknown = await raw(`/voucher/${randomUUID()}`, { 'accept-encoding': 'gzip' });
    expect([unknown.status, unknown.headers['content-encoding']]).toEqual([404, 'gzip']);
    expect(byTestId(rootOf(gunzipSync(unknown.body).toString('utf8')), 'voucher-not-found')).toBeTruthy();
  });

  it('a used-up voucher says so in the script’s words, with no code for the till', async () => {
    const id = await generate({ usageLimit: '1' });
    const redeemed = await h.api(`/api/redeem/${id}`, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const root = rootOf((await page(`/voucher/${id}`)).html);
    expect(byTestId(root, 'voucher-usage')).toBe('USAGE1 / 1REDEEMED');
    const notice = byTestId(root, 'redeem-unavailable');
    expect(notice).toMatch(/^Fully redeemed/);
    expect(notice).toMatch(/Redeemed on .+, for use at .+\.|Redeemed on .+\./);
    expect(notice).toContain('This voucher has already been used the maximum number of times.');
    expect(root).not.toContain('data-testid="voucher-till-code"');
    expect(root).not.toContain('data-testid="voucher-qr"');
  });

  /** The root element's HTML (the snapshot). */
  function rootOf(html: string): string {
    return /<div id="root">([\s\S]*?)<\/div><script/.exec(html)?.[1] ?? '';
  }

  /** The text of the first element with this data-testid (tags dropped, entities kept). */
  function byTestId(html: string, testId: string): string | undefined {
    const at = html.indexOf(`data-testid="${testId}"`);
    if (at < 0) return undefined;
    const open = html.lastIndexOf('<', at);
    const tag = /^<(\w+)/.exec(html.slice(open))?.[1] ?? '';
    // The element's end: count nested elements of the same tag.
    let depth = 0;
    const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    re.lastIndex = open;
    for (let m = re.exec(html); m; m = re.exec(html)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) return html.slice(open, m.index).replace(/<[^>]*>/g, '');
    }
    return undefined;
  }

  /** The JSON in the page's voucher data block. */
  function dataBlock(html: string): unknown {
    const json = /<script type="application\/json" id="avpass-voucher">([^<]*)<\/script>/.exec(html)?.[1];
    expect(json, 'the voucher data block').toBeDefined();
    return JSON.parse(json ?? '');
  }

  it('an unknown or malformed id is a 404 saying what the app says: the voucher is not found', async () => {
    for (const path of ['/voucher/00000000-0000-4000-8000-000000000000', '/voucher/not-a-voucher']) {
      const res = await page(path);
      expect(res.status).toBe(404);
      const root = rootOf(res.html);
      expect(byTestId(root, 'voucher-not-found')).toBe(
        'Voucher Not FoundThis discount voucher is invalid or has expired.Go to AV Pass',
      );
      expect(res.html).toContain('<title>Voucher not found</title>');
      expect(res.html).not.toContain('avpass-voucher');
      expect(res.html).toContain('<script type="module" src="/assets/main.js"></script>');
    }
  });

  it('a title written as markup is shown as text, never run', async () => {
    const id = await generate({ customTitle: '<script>alert(1)</script> & "Co"' });
    const res = await page(`/voucher/${id}`);
    expect(res.html).toContain('data-voucher-snapshot');
    expect(res.html).not.toContain('<script>alert(1)</script>');
    expect(byTestId(rootOf(res.html), 'voucher-title')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;',
    );
    expect(res.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    // The only scripts in the page are index.html's and the data block.
    expect(res.html.match(/<script\b/g)).toHaveLength(2);
    // In the data block the title cannot close the element, and it reads back as written.
    expect(res.html).toContain('\\u003cscript>alert(1)\\u003c/script>');
    expect(dataBlock(res.html)).toMatchObject({ customTitle: '<script>alert(1)</script> & "Co"' });
  });

  it('says where to use it before the app loads: the partner and its address, or every partner', async () => {
    const vendor = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: {
        name: 'Sports <Shop>',
        address: '12 Main St & 3rd Ave, Lancaster, CA',
        phone: '661 555 0100',
        website: 'https://www.sports.example/"x"',
      },
    });
    expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
    const forPartner = await generate({ clinic: undefined, partnerId: vendor.body.id });
    const root = rootOf((await page(`/voucher/${forPartner}`)).html);
    expect(byTestId(root, 'voucher-where-heading')).toBe('Use at Sports &lt;Shop&gt;');
    expect(byTestId(root, 'voucher-place-map')).toBe('12 Main St &amp; 3rd Ave, Lancaster, CA');
    expect(root).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=12%20Main%20St%20%26%203rd%20Ave%2C%20Lancaster%2C%20CA"',
    );
    expect(byTestId(root, 'voucher-place-phone')).toBe('661 555 0100');
    expect(root).toContain('href="tel:6615550100" aria-label="Call Sports &lt;Shop&gt;: 661 555 0100"');
    expect(byTestId(root, 'voucher-place-website')).toBe('sports.example');
    expect(root).toContain('href="https://www.sports.example/%22x%22"');

    const clubWide = rootOf((await page(`/voucher/${await generate({})}`)).html);
    expect(byTestId(clubWide, 'voucher-where-heading')).toBe('Valid at every AV Pass partner');
  });

  it("a title with replacement patterns ($& and $') is put in the page as written", async () => {
    const id = await generate({ customTitle: "Deal $& $' $1" });
    const res = await page(`/voucher/${id}`);
    expect(res.html).toContain('<title>Voucher — Deal $&amp; $&#39; $1</title>');
    expect(dataBlock(res.html)).toMatchObject({ customTitle: "Deal $& $' $1" });
  });
});
