import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';
import { rawGet as raw } from './support/raw-answer';

const INDEX = `<!doctype html><html lang="en"><head><title>AV Pass</title><link rel="modulepreload" crossorigin href="/assets/react.js"></head><body><div id="root"></div>\n    <script src="/boot.js"></script><script type="module" src="/assets/index.js"></script></body></html>`;

/** What the build writes (frontend/vite.config.ts, `firstPagePreloads`), in its shape. */
const PRELOADS = {
  login: {
    files: ['/assets/login.js'],
    words: { en: ['/assets/public.en.js'], es: ['/assets/public.es.js'] },
  },
  voucher: {
    files: ['/assets/voucher.js', '/assets/voucher-words.js'],
    words: { en: ['/assets/voucher.en.js'], es: ['/assets/voucher.es.js'] },
  },
  member: {
    files: ['/assets/member-shell.js'],
    words: { en: ['/assets/member.en.js'], es: ['/assets/member.es.js'] },
  },
};

/** The modulepreload hrefs of a page, in order. */
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

// Issue 40, decision 382: a light page's HTML (the sign-in, a member's screens, the voucher page) preloads
// its shell and its words in the reader's language, so a phone fetches them beside React, not after the
// entry has run; and it goes without the dashboards' boot.js.
describe("a light page's HTML preloads its own code and words", () => {
  let h: Harness;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'avpass-dist-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'first-page-preloads.json'), JSON.stringify(PRELOADS));
    h = await startHarness({ FRONTEND_DIST: dist }, { services: ['partners', 'vouchers'] });
  });
  afterAll(async () => {
    await h?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${h.url}${path}`, { headers });
    return { status: res.status, vary: res.headers.get('vary'), html: await res.text() };
  };

  it('the sign-in page: its shell, then its words in English, after what index.html preloads', async () => {
    for (const path of ['/login', '/login/']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(preloadsOf(res.html), path).toEqual([
        '/assets/react.js',
        '/assets/login.js',
        '/assets/public.en.js',
      ]);
      expect(res.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
      // The dashboards' outline script would hold the parser for a round trip and do nothing here.
      expect(res.html).not.toContain('boot.js');
      expect(res.html).toContain('<div id="root"></div><script type="module" src="/assets/index.js">');
    }
  });

  it('in the language the page will speak: the remembered choice, then Accept-Language', async () => {
    expect(preloadsOf((await get('/login', { 'accept-language': 'es-MX,es;q=0.9' })).html)).toContain(
      '/assets/public.es.js',
    );
    const remembered = await get('/login', { cookie: 'avpass_lang=en', 'accept-language': 'es' });
    expect(preloadsOf(remembered.html)).toContain('/assets/public.en.js');
    expect(remembered.html).not.toContain('public.es');
    // A language the app does not speak is English, as the app's own choice.
    expect(preloadsOf((await get('/login', { 'accept-language': 'fr-FR' })).html)).toContain(
      '/assets/public.en.js',
    );
  });

  it("a member's screens and the voucher page (found or not) preload theirs, without boot.js", async () => {
    for (const path of ['/me', '/me/sign-in']) {
      expect(preloadsOf((await get(path, { 'accept-language': 'es' })).html), path).toEqual([
        '/assets/react.js',
        '/assets/member-shell.js',
        '/assets/member.es.js',
      ]);
    }
    expect((await get('/me')).html).not.toContain('boot.js');
    const missing = await get('/voucher/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.html).not.toContain('boot.js');
    expect(preloadsOf(missing.html)).toEqual([
      '/assets/react.js',
      '/assets/voucher.js',
      '/assets/voucher-words.js',
      '/assets/voucher.en.js',
    ]);
  });

  it('goes gzipped to a browser that takes it, light page or not; a small one as text', async () => {
    // The real index.html is ~4 KB; this one is grown past the 1 KB below which a page goes as text.
    const big = INDEX.replace('</head>', `<meta name="x" content="${'y'.repeat(2000)}"></head>`);
    const dist = await mkdtemp(join(tmpdir(), 'avpass-dist-'));
    await writeFile(join(dist, 'index.html'), big);
    await writeFile(join(dist, 'first-page-preloads.json'), JSON.stringify(PRELOADS));
    const g = await startHarness({ FRONTEND_DIST: dist }, { services: [] });
    try {
      for (const path of ['/login', '/dashboard']) {
        const zipped = await raw(`${g.url}${path}`, { 'accept-encoding': 'gzip, deflate' });
        const plain = await raw(`${g.url}${path}`, { 'accept-encoding': 'identity' });
        expect([path, zipped.headers['content-encoding'], plain.headers['content-encoding']]).toEqual([
          path,
          'gzip',
          undefined,
        ]);
        expect(gunzipSync(zipped.body).toString('utf8'), path).toBe(plain.body.toString('utf8'));
        expect(zipped.headers.vary, path).toMatch(/Accept-Encoding$/);
      }
      expect((await raw(`${g.url}/dashboard`, {})).body.toString('utf8')).toBe(big);
    } finally {
      await g.close();
      await rm(dist, { recursive: true, force: true });
    }
    const small = await raw(`${h.url}/login`, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("the app's other addresses get index.html as built, with no light page's code", async () => {
    for (const path of ['/dashboard', '/login/extra', '/me/vouchers', '/till']) {
      const res = await get(path, { 'accept-language': 'es' });
      expect(res.status, path).toBe(200);
      expect(res.html, path).toBe(INDEX);
      expect(res.html, path).toContain('<script src="/boot.js"></script>');
    }
  });
});

describe('a build without the preloads file', () => {
  it('serves index.html as it is, a light page without boot.js', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'avpass-dist-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    const h = await startHarness({ FRONTEND_DIST: dist }, { services: [] });
    try {
      const login = await fetch(`${h.url}/login`);
      expect(login.status).toBe(200);
      expect(await login.text()).toBe(INDEX.replace('\n    <script src="/boot.js"></script>', ''));
      expect(await (await fetch(`${h.url}/dashboard`)).text()).toBe(INDEX);
    } finally {
      await h.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
