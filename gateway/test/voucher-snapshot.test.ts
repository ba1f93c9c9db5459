import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';

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

  async function page(path: string) {
    const res = await fetch(`${h.url}${path}`);
    return { status: res.status, headers: res.headers, html: await res.text() };
  }

  it('shows the title, discount, validity and usage of a known voucher, revalidated on every visit', async () => {
    const id = await generate({ customTitle: 'Spring Recovery Week' });
    const res = await page(`/voucher/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const root = /<div id="root">([\s\S]*?)<\/div><script/.exec(res.html)?.[1] ?? '';
    expect(root).toContain('data-voucher-snapshot');
    expect(root).toContain('Spring Recovery Week');
    expect(root).toContain('Peak Physio');
    expect(root).toContain('25% Off');
    expect(root).toContain('Valid until: 12/31/2099');
    expect(root).toContain('Usage: 0 / 3');
    expect(res.html).toContain('<script type="module" src="/assets/main.js"></script>');
    // The app starts from the same answer the API gives, sent as a data block (never run).
    const api = await h.api(`/api/qr-codes/${id}`);
    expect(dataBlock(res.html)).toEqual(api.body);
  });

  /** The JSON in the page's voucher data block. */
  function dataBlock(html: string): unknown {
    const json = /<script type="application\/json" id="avpass-voucher">([^<]*)<\/script>/.exec(html)?.[1];
    expect(json, 'the voucher data block').toBeDefined();
    return JSON.parse(json ?? '');
  }

  it('an unknown or malformed id gets the plain app, which says the voucher is not found', async () => {
    for (const path of ['/voucher/00000000-0000-4000-8000-000000000000', '/voucher/not-a-voucher']) {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.html).toBe(INDEX);
    }
  });

  it('a title written as markup is shown as text, never run', async () => {
    const id = await generate({ customTitle: '<script>alert(1)</script> & "Co"' });
    const res = await page(`/voucher/${id}`);
    expect(res.html).toContain('data-voucher-snapshot');
    expect(res.html).not.toContain('<script>alert(1)</script>');
    expect(res.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    // In the data block the title cannot close the element, and it reads back as written.
    expect(res.html).toContain('\\u003cscript>alert(1)\\u003c/script>');
    expect(dataBlock(res.html)).toMatchObject({ customTitle: '<script>alert(1)</script> & "Co"' });
  });

  it('says where to use it before the app loads: the partner and its address, or every partner', async () => {
    const vendor = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: { name: 'Sports <Shop>', address: '12 Main St & 3rd Ave, Lancaster, CA', phone: '661 555 0100' },
    });
    expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
    const forPartner = await generate({ clinic: undefined, partnerId: vendor.body.id });
    const root = (await page(`/voucher/${forPartner}`)).html;
    expect(root).toContain('<p class="vs-where">Use at Sports &lt;Shop&gt;</p>');
    expect(root).toContain('<p class="vs-row">12 Main St &amp; 3rd Ave, Lancaster, CA</p>');

    const clubWide = (await page(`/voucher/${await generate({})}`)).html;
    expect(clubWide).toContain('<p class="vs-where">Valid at every AV Pass partner</p>');
  });

  it("a title with replacement patterns ($& and $') is put in the page as written", async () => {
    const id = await generate({ customTitle: "Deal $& $' $1" });
    const res = await page(`/voucher/${id}`);
    expect(res.html).toContain('<title>Voucher — Deal $&amp; $&#39; $1</title>');
    expect(dataBlock(res.html)).toMatchObject({ customTitle: "Deal $& $' $1" });
  });
});
