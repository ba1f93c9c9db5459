import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteTraits } from '../src/http/route-traits';
import { startHarness, type Harness } from './support/harness';
import { registeredRoutes } from './support/routes';

// House habit 19: a route's traits are decorators on the route. These checks hold the decorators to the
// router (a trait on a path that no route serves is a typo that silently does nothing) and to the screens
// (a poll the frontend makes without `@Polled()` would cost the service a full answer every few seconds).
let h: Harness;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const API_DIR = join(__dirname, '../../frontend/src/lib/vouchers-api');

/**
 * The URLs the voucher screens poll (spec §9): each hook that spreads `live(…)` (refetch on an interval,
 * revalidated with If-None-Match: the cheap polls of issue 28) and the VOUCHER_URLS entries it fetches.
 */
function frontendPolledUrls(): string[] {
  const urls = new Map<string, string>();
  for (const [, key, url] of readFileSync(join(API_DIR, 'urls.ts'), 'utf8').matchAll(
    /^\s+(\w+): '(\/api\/[^']*)',$/gm,
  )) {
    urls.set(key!, url!);
  }
  const polled = new Set<string>();
  for (const file of readdirSync(API_DIR).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'),
  )) {
    const source = readFileSync(join(API_DIR, file), 'utf8');
    if (!/\.\.\.live\(/.test(source)) continue;
    for (const [, key] of source.matchAll(/VOUCHER_URLS\.(\w+)/g)) {
      const url = urls.get(key!);
      if (!url) throw new Error(`${file}: VOUCHER_URLS.${key} is no fixed URL`);
      polled.add(url);
    }
  }
  return [...polled].sort();
}

describe('route traits', () => {
  it('every declared route is a route the running router serves, with that method', () => {
    const served = new Set(registeredRoutes(h.gateway).map((route) => `${route.method} ${route.path}`));
    const declared = h.gateway.get(RouteTraits).routes();
    expect(declared.length).toBeGreaterThanOrEqual(10);
    const missing = declared.filter((route) => !served.has(`${route.method} ${route.url}`));
    expect(missing).toEqual([]);
  });

  it('every route the screens poll is declared @Polled()', () => {
    const polled = frontendPolledUrls();
    expect(polled).toContain('/api/admin/stats');
    expect(polled.length).toBeGreaterThanOrEqual(7);
    const declared = new Set(
      h.gateway
        .get(RouteTraits)
        .routes()
        .filter((route) => route.traits.includes('polled'))
        .map((route) => `${route.method} ${route.url}`),
    );
    expect(polled.filter((url) => !declared.has(`GET ${url}`))).toEqual([]);
  });

  it('a polled route answers with an ETag and a 304 when unchanged; an undeclared one does not', async () => {
    const admin = await h.adminToken();
    const first = await h.api('/api/admin/stats', { token: admin });
    expect(first.status).toBe(200);
    let etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // Events of the harness's own set-up may still raise the versions for a moment: ask until settled.
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 304; attempt++) {
      const again = await h.api('/api/admin/stats', { token: admin, headers: { 'if-none-match': etag! } });
      status = again.status;
      etag = again.headers.get('etag') ?? etag;
      if (status !== 304) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(status).toBe(304);
    const partners = await h.api('/api/companies', { token: admin });
    expect(partners.headers.get('etag')).toBeNull();
  });
});
