import type { CurrentUser } from '@avpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The page's window (this project runs in node): set before the modules below read it on import.
const page = vi.hoisted(() => {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
  const location = { origin: 'http://localhost', pathname: '/till' };
  Object.assign(globalThis, { window: { addEventListener: () => undefined, localStorage, location } });
  return { items, location };
});

const { clearAuthToken, storeAuthToken } = await import('./auth-storage');
const { forgetUser, offlineUser, rememberUser } = await import('./offline-user');
const { getCurrentUser } = await import('./get-current-user');

const user: CurrentUser = {
  id: '11111111-1111-4111-8111-111111111111',
  username: 'till-staff',
  email: null,
  firstName: 'Tia',
  lastName: 'Till',
  role: 'company_admin',
  companyId: '22222222-2222-4222-8222-222222222222',
  companyName: 'Harbor Bikes',
};

afterEach(() => {
  vi.unstubAllGlobals();
  forgetUser();
  page.location.pathname = '/till';
});

describe('the session offline at the till', () => {
  it('keeps the user confirmed for this token, for the till only, and forgets it on sign-out', async () => {
    storeAuthToken('token-a');
    rememberUser(user);
    expect(await offlineUser('/till')).toEqual(user);
    expect(await offlineUser('/till/')).toEqual(user);
    expect(await offlineUser('/company-dashboard')).toBeNull();
    expect(await offlineUser('/tillage')).toBeNull();
    expect(page.items.get('avpass:offline-user')).not.toContain('token-a'); // not stored twice

    storeAuthToken('token-b'); // another sign-in: not this user's session
    expect(await offlineUser('/till')).toBeNull();

    storeAuthToken('token-a');
    expect(await offlineUser('/till')).toEqual(user);
    clearAuthToken('logout');
    expect(page.items.has('avpass:offline-user')).toBe(false);
  });

  it('getCurrentUser answers with the kept user when no answer comes, never over an answer', async () => {
    storeAuthToken('token-a');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(user), { status: 200 })),
    );
    await expect(getCurrentUser()).resolves.toEqual(user); // remembered

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(getCurrentUser()).resolves.toEqual(user);
    page.location.pathname = '/dashboard';
    await expect(getCurrentUser()).rejects.toThrow('Failed to fetch');

    page.location.pathname = '/till';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Service unavailable"}', { status: 503 })),
    );
    await expect(getCurrentUser()).rejects.toMatchObject({ status: 503 });
  });
});
