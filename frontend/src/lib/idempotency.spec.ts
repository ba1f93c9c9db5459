import type { ZipJob } from '@avpass/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runZipJob } from '@/components/downloads/zip-job';
import { ApiError } from './api-client';
import { IdempotencyKeys, intentOf, type KeyStorage } from './idempotency';

/** The tab's sessionStorage: survives a reload of the page (a new component, a new hook). */
class FakeSessionStorage implements KeyStorage {
  readonly items = new Map<string, string>();
  getItem = (name: string) => this.items.get(name) ?? null;
  setItem = (name: string, value: string) => void this.items.set(name, value);
  removeItem = (name: string) => void this.items.delete(name);
}

const answered = (status: number) => new ApiError(status, `${status}`, null, {}, null);

// The page's window (this project runs in node): set before the modules above read it on import.
const page = vi.hoisted(() => {
  const state = { session: undefined as unknown };
  const noStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  Object.assign(globalThis, {
    window: {
      addEventListener: () => undefined,
      localStorage: noStorage,
      location: { origin: 'http://localhost' },
      get sessionStorage() {
        return state.session;
      },
    },
  });
  return state;
});

let session: FakeSessionStorage;
beforeEach(() => {
  session = new FakeSessionStorage();
  page.session = session;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('one idempotency key per intent', () => {
  it('is sent again after a 5xx, a 408 or a lost connection, and renewed after a definitive answer', async () => {
    const keys = new IdempotencyKeys('test');
    const sent: string[] = [];
    const call = (outcome: () => never | string) => (key: string) => {
      sent.push(key);
      return Promise.resolve().then(outcome);
    };
    const fail = (error: unknown) => () => {
      throw error;
    };
    await expect(keys.run('a', call(fail(answered(503))))).rejects.toThrow();
    await expect(keys.run('a', call(fail(new TypeError('Failed to fetch'))))).rejects.toThrow();
    await expect(keys.run('a', call(fail(answered(408))))).rejects.toThrow();
    await keys.run(
      'a',
      call(() => 'ok'),
    );
    // Same key for every try of the first intent; the next call after the success is a new intent.
    expect(new Set(sent.slice(0, 4)).size).toBe(1);
    await expect(keys.run('a', call(fail(answered(409))))).rejects.toThrow();
    await keys.run(
      'a',
      call(() => 'ok'),
    );
    expect(sent[4]).not.toBe(sent[0]);
    expect(sent[5]).not.toBe(sent[4]); // a refusal (4xx) settles the key too
    expect(session.items.size).toBe(0); // nothing pending is left behind
  });

  it('tells intents apart by their input, whatever the order of its fields', () => {
    const keys = new IdempotencyKeys('test');
    expect(intentOf({ a: 1, b: [2, { d: 4, c: 3 }] })).toBe(intentOf({ b: [2, { c: 3, d: 4 }], a: 1 }));
    expect(keys.key(intentOf({ id: 'x', quantity: 2 }))).toBe(keys.key(intentOf({ quantity: 2, id: 'x' })));
    expect(keys.key(intentOf({ id: 'x', quantity: 2 }))).not.toBe(
      keys.key(intentOf({ id: 'x', quantity: 3 })),
    );
    expect(new IdempotencyKeys('other').key(intentOf({ id: 'x', quantity: 2 }))).not.toBe(
      keys.key(intentOf({ id: 'x', quantity: 2 })),
    );
  });

  it('works from memory when the browser refuses storage', async () => {
    const refusing: KeyStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const keys = new IdempotencyKeys('test', refusing);
    const first = keys.key('a');
    expect(keys.key('a')).toBe(first);
    keys.settle('a');
    expect(keys.key('a')).not.toBe(first);
  });
});

describe('a ZIP request', () => {
  it('sends the same Idempotency-Key again after a 503 and a new one after it was accepted', async () => {
    const job: ZipJob = {
      id: '00000000-0000-4000-8000-000000000001',
      state: 'failed',
      progress: 0,
      total: 1,
      done: 0,
      format: 'png',
      variant: 'qr',
      fileName: 'x.zip',
      error: 'stop here',
      createdAt: new Date().toISOString(),
      finishedAt: null,
      downloadUrl: '/api/jobs/x/file',
    };
    const keysSent: (string | undefined)[] = [];
    const answers = [
      new Response('{"message":"Service unavailable"}', { status: 503 }),
      new Response(JSON.stringify(job), { status: 202 }),
      new Response(JSON.stringify(job), { status: 202 }),
    ];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      keysSent.push((init.headers as Record<string, string>)['Idempotency-Key']);
      return Promise.resolve(answers.shift()!);
    });
    const keys = new IdempotencyKeys('rendering:zip');
    const request = { qrCodes: ['00000000-0000-4000-8000-000000000002'], format: 'png' as const };
    const signal = new AbortController().signal;
    const attempt = () => runZipJob(request, () => undefined, signal, keys);
    await expect(attempt()).rejects.toMatchObject({ status: 503 });
    await expect(attempt()).rejects.toThrow('stop here'); // accepted (the job then failed)
    await expect(attempt()).rejects.toThrow('stop here');
    expect(keysSent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keysSent[1]).toBe(keysSent[0]);
    expect(keysSent[2]).not.toBe(keysSent[0]);
  });
});
