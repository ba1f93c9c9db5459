import { useMemo } from 'react';

/**
 * Idempotency keys for calls that move money, stock or a use (issue 22): one key per intent, kept
 * until a definitive answer (success or a refusal, 4xx) and sent again by a retry after an answer
 * that may hide a committed change (5xx, 408, a lost connection), so the server answers the first
 * outcome instead of doing it twice. Pending keys live in sessionStorage (per tab), so a reload after
 * a 503 still retries with the same key; memory only where the browser refuses storage.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The request header carrying a key. */
export const idempotencyHeader = (key: string): Record<string, string> => ({ [IDEMPOTENCY_HEADER]: key });

/**
 * A fresh key (a v4 UUID). crypto.randomUUID exists only in secure contexts (https, localhost); a
 * phone on a shop's plain-http network still needs a key, so fall back to crypto.getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed call may still have taken effect: the service was unavailable, the answer timed
 * out, or no answer came at all (a network error or an abort). A refusal (4xx) is definitive.
 */
export function isUnconfirmed(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status; // an ApiError carries the HTTP status
  if (typeof status !== 'number') return true;
  return status >= 500 || status === 408;
}

/** The same request, whatever its keys' order: one intent. */
export function intentOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** A short, stable digest of an intent for the storage key (cyrb53; collisions are harmless here). */
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's sessionStorage, or null where it is unavailable (some private modes throw). */
export function sessionKeyStorage(): KeyStorage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** The pending keys of one kind of call (`scope`), one per intent. */
export class IdempotencyKeys {
  private readonly memory = new Map<string, string>();

  constructor(
    private readonly scope: string,
    private readonly storage: KeyStorage | null = sessionKeyStorage(),
  ) {}

  /** The intent's pending key, or a new one (kept until settle). */
  key(intent = ''): string {
    const name = this.storageKey(intent);
    let key = this.memory.get(name) ?? this.read(name);
    if (!key) {
      key = newIdempotencyKey();
      this.write(name, key);
    }
    this.memory.set(name, key);
    return key;
  }

  /** A definitive answer came: the intent's next call is a new one. */
  settle(intent = ''): void {
    const name = this.storageKey(intent);
    this.memory.delete(name);
    try {
      this.storage?.removeItem(name);
    } catch {
      // storage refused: memory is settled
    }
  }

  /** Runs a call with the intent's key; settles it on success or a refusal, keeps it otherwise. */
  async run<T>(intent: string, call: (key: string) => Promise<T>): Promise<T> {
    try {
      const result = await call(this.key(intent));
      this.settle(intent);
      return result;
    } catch (error) {
      if (!isUnconfirmed(error)) this.settle(intent);
      throw error;
    }
  }

  private storageKey(intent: string): string {
    return `avpass:idempotency:${this.scope}:${digest(intent)}`;
  }

  private read(name: string): string | null {
    try {
      return this.storage?.getItem(name) ?? null;
    } catch {
      return null;
    }
  }

  private write(name: string, key: string): void {
    try {
      this.storage?.setItem(name, key);
    } catch {
      // storage full or refused: the key is kept in memory
    }
  }
}

/** The component's pending keys for one kind of call (a new set when the scope changes). */
export function useIdempotencyKeys(scope: string): IdempotencyKeys {
  return useMemo(() => new IdempotencyKeys(scope), [scope]);
}

/**
 * A mutation function that sends one Idempotency-Key per intent (the input, compared as JSON):
 * pressing again with the same input after a 5xx or a lost connection sends the same key.
 */
export function useIdempotentMutationFn<TInput, TOutput>(
  scope: string,
  call: (input: TInput, key: string) => Promise<TOutput>,
): (input: TInput) => Promise<TOutput> {
  const keys = useIdempotencyKeys(scope);
  return (input: TInput) => keys.run(intentOf(input), (key) => call(input, key));
}
