import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson } from './api-client';
import { getAuthToken, getLastSignOutReason } from './session/auth-storage';
import { CURRENT_USER_URL } from './session/get-current-user';
import { VOUCHER_URLS } from './vouchers-api/urls';
import BOOT_SCRIPT from '../../public/boot.js?raw';

// The page's window (this project runs in node), with a kept session token: set before the modules above
// read it on import.
const TOKEN = 'kept-token';
const storage = vi.hoisted(() => {
  const items = new Map<string, string>([['adminToken', 'kept-token']]);
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  Object.assign(globalThis, {
    window: { addEventListener: () => undefined, localStorage, location: { origin: 'http://localhost' } },
  });
  return items;
});

type Asked = { url: string; init: RequestInit };

/** Runs index.html's boot.js at `pathname` in a page of its own; returns what it asked for. */
function bootAt(pathname: string, answer: (url: string) => Promise<Response>): Asked[] {
  const asked: Asked[] = [];
  const page = {
    localStorage: window.localStorage,
    location: { pathname },
    fetch: (url: string, init: RequestInit) => {
      asked.push({ url, init });
      return answer(url);
    },
  };
  // The classic script as the page runs it, with this page as its window.
  new Function('window', 'document', BOOT_SCRIPT)(page, { getElementById: () => null });
  window.__avpassEarlyAnswers = (
    page as { __avpassEarlyAnswers?: typeof window.__avpassEarlyAnswers }
  ).__avpassEarlyAnswers;
  return asked;
}

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

const STATS = {
  totalQrCodes: 3,
  totalRedemptions: 2,
  todayRedemptions: 1,
  activePartners: 1,
  redemptionRate: 67,
};
const statsSchema = { parse: (value: unknown) => value as typeof STATS };

afterEach(() => {
  window.__avpassEarlyAnswers = undefined;
  vi.unstubAllGlobals();
});

describe("the first screen's answers asked for by index.html (issue 40)", () => {
  it("asks on each dashboard for the current user and that dashboard's figures, as the app asks", () => {
    const headers = { Accept: 'application/json', Authorization: `Bearer ${TOKEN}` };
    const admin = bootAt('/dashboard', () => json(200, {}));
    expect(admin.map((a) => a.url)).toEqual([CURRENT_USER_URL, VOUCHER_URLS.adminStats]);
    for (const { init } of admin) expect(init).toEqual({ headers, credentials: 'include' });
    expect(bootAt('/company-dashboard/', () => json(200, {})).map((a) => a.url)).toEqual([
      CURRENT_USER_URL,
      VOUCHER_URLS.companyStats,
    ]);
  });

  it('asks on the landing page for where this device last landed, and nowhere else', () => {
    storage.set('avpassHome', '/company-dashboard');
    expect(bootAt('/', () => json(200, {})).map((a) => a.url)).toEqual([
      CURRENT_USER_URL,
      VOUCHER_URLS.companyStats,
    ]);
    storage.delete('avpassHome');
    expect(bootAt('/', () => json(200, {}))).toEqual([]);
    expect(bootAt('/partners', () => json(200, {}))).toEqual([]);
    expect(bootAt('/login', () => json(200, {}))).toEqual([]);
  });

  it('gives the app the answer once, checked by its schema; the next call asks the server', async () => {
    bootAt('/dashboard', () => json(200, STATS));
    const fetchNow = vi.fn(() => json(200, { ...STATS, totalQrCodes: 4 }));
    vi.stubGlobal('fetch', fetchNow);
    const parse = vi.fn(statsSchema.parse);
    await expect(apiJson(VOUCHER_URLS.adminStats, () => Promise.resolve({ parse }))).resolves.toEqual(STATS);
    expect(parse).toHaveBeenCalledWith(STATS);
    expect(fetchNow).not.toHaveBeenCalled();
    await expect(apiJson(VOUCHER_URLS.adminStats, () => Promise.resolve(statsSchema))).resolves.toMatchObject(
      {
        totalQrCodes: 4,
      },
    );
    expect(fetchNow).toHaveBeenCalledTimes(1);
  });

  it('an early answer that does not fit its schema fails the call as any answer would', async () => {
    bootAt('/dashboard', () => json(200, { totalQrCodes: 'many' }));
    const strict = {
      parse: () => {
        throw new Error('not the stats');
      },
    };
    await expect(apiJson(VOUCHER_URLS.adminStats, () => Promise.resolve(strict))).rejects.toThrow(
      'not the stats',
    );
  });

  it('a request that did not reach the server is asked again', async () => {
    bootAt('/dashboard', () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(200, STATS)),
    );
    await expect(apiJson(VOUCHER_URLS.adminStats, () => Promise.resolve(statsSchema))).resolves.toEqual(
      STATS,
    );
  });

  it('an answer asked for with another token is not used', async () => {
    bootAt('/dashboard', () => json(200, STATS));
    window.__avpassEarlyAnswers!.token = 'someone-else';
    const fetchNow = vi.fn(() => json(200, STATS));
    vi.stubGlobal('fetch', fetchNow);
    await apiJson(VOUCHER_URLS.adminStats, () => Promise.resolve(statsSchema));
    expect(fetchNow).toHaveBeenCalledTimes(1);
  });

  it('an early 401 ends the session as a 401 asked for now does', async () => {
    bootAt('/dashboard', (url) =>
      url === CURRENT_USER_URL ? json(401, { message: 'Session expired' }) : json(200, STATS),
    );
    const error = await apiJson(CURRENT_USER_URL, () => Promise.resolve({ parse: (v: unknown) => v })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(getAuthToken()).toBeNull();
    expect(getLastSignOutReason()).toBe('unauthorized');
  });
});
