import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteTraits } from '../src/http/route-traits';
import { startHarness, type Harness } from './support/harness';
import { frontendPolls } from './support/frontend-polls';
import { registeredRoutes } from './support/routes';

// House habit 19: a route's traits are decorators on the route. These checks hold the decorators to the
// router (a trait on a path that no route serves is a typo that silently does nothing) and to the screens
// (a poll the frontend makes without `@Polled()` would cost the service a full answer every few seconds
// and skip the session cache: every `refetchInterval` in frontend/src is found, decision 250).
let h: Harness;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const FRONTEND_SRC = join(__dirname, '../../frontend/src');

/** A route pattern with its parameters' names dropped (`/api/qr-codes/:param`), as the frontend's scan gives them. */
const pattern = (url: string) => url.replace(/:\w+/g, ':param');

describe('route traits', () => {
  it('every declared route is a route the running router serves, with that method', () => {
    const served = new Set(registeredRoutes(h.gateway).map((route) => `${route.method} ${route.path}`));
    const declared = h.gateway.get(RouteTraits).routes();
    expect(declared.length).toBeGreaterThanOrEqual(10);
    const missing = declared.filter((route) => !served.has(`${route.method} ${route.url}`));
    expect(missing).toEqual([]);
  });

  it('every route the screens poll is declared @Polled()', () => {
    const polls = frontendPolls(FRONTEND_SRC);
    const urls = new Set(polls.map((poll) => poll.url));
    // The scan sees the polls of every kind: the vouchers' live(…), the credits' lists, a till, a dashboard alert.
    for (const url of [
      '/api/admin/stats',
      '/api/athlete-credits',
      '/api/till/recent',
      '/api/admin/sign-in-attacks',
    ]) {
      expect(urls).toContain(url);
    }
    expect(urls.size).toBeGreaterThanOrEqual(15);
    const declared = new Set(
      h.gateway
        .get(RouteTraits)
        .routes()
        .filter((route) => route.traits.includes('polled'))
        .map((route) => `${route.method} ${pattern(route.url)}`),
    );
    expect(polls.filter((poll) => !declared.has(`GET ${poll.url}`))).toEqual([]);
  }, 60_000);

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
    // Polled, but no version covers its answer (@Polled({ conditional: false })): answered whole, no ETag.
    const attacks = await h.api('/api/admin/sign-in-attacks', {
      token: admin,
      headers: { 'if-none-match': etag! },
    });
    expect(attacks.status).toBe(200);
    expect(attacks.headers.get('etag')).toBeNull();
  });

  it('only the polled routes the poll versions cover are conditional', () => {
    const polled = h.gateway
      .get(RouteTraits)
      .routes()
      .filter((route) => route.traits.includes('polled'));
    const conditional = (url: string) => polled.find((route) => route.url === url)?.conditional === true;
    expect(conditional('/api/admin/stats')).toBe(true);
    expect(conditional('/api/project-rooted-exclusives')).toBe(true);
    for (const url of ['/api/till/recent', '/api/admin/sign-in-attacks', '/api/athlete-credits']) {
      expect(polled.some((route) => route.url === url)).toBe(true);
      expect(conditional(url)).toBe(false);
    }
  });
});
