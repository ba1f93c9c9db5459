import type { PublicVoucher } from '@avpass/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest, isShedAnswer } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';

/*
 * The voucher page's two calls. They take the gateway's answer as its contract types it (the service
 * validated it against the same contract) instead of parsing it with zod: the voucher page is opened
 * on phones over slow networks, and the schemas would add about 17 KB of script to it.
 */

/** A JSON answer that is an object with a string `id`: anything else is a broken answer. */
export function voucherOf(value: unknown): PublicVoucher {
  if (typeof value !== 'object' || value === null || typeof (value as { id?: unknown }).id !== 'string') {
    throw new Error('The voucher answer is not a voucher.');
  }
  return value as PublicVoucher;
}

/** The JSON data block the gateway puts in /voucher/{id} (gateway/src/http/voucher-snapshot.ts). */
const EMBEDDED_VOUCHER_ID = 'avpass-voucher';

let embedded: { voucher: PublicVoucher; at: number } | null | undefined;

/**
 * The voucher the gateway sent inside the page, when it is this id's: the element is read once and
 * removed. It only starts the voucher's store, which fetches it again as usual.
 */
function embeddedVoucher(id: string) {
  if (embedded === undefined) {
    embedded = null;
    const element = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_VOUCHER_ID);
    if (element) {
      element.remove();
      try {
        embedded = { voucher: voucherOf(JSON.parse(element.textContent ?? '')), at: Date.now() };
      } catch {
        // A broken block is ignored: the page asks the API as it would without it.
      }
    }
  }
  return embedded?.voucher.id === id ? embedded : undefined;
}

/** What `useVoucher` returns: the voucher (kept through a failed refetch), the last failure, and a retry. */
export interface VoucherResult {
  data: PublicVoucher | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => Promise<void>;
}

interface VoucherState {
  data: PublicVoucher | undefined;
  error: unknown;
}

/** A refetch the server turned away (503 + Retry-After) is asked again after it, this many times. */
const SHED_RETRIES = 3;

/**
 * One voucher's answer, shared by the page and its Redeem panel: fetched again on each mount and when
 * the phone comes back to the page, one request at a time. By hand rather than with TanStack Query,
 * which the voucher page then does not load (issue 40, decision 384); the rules are the app's query
 * client's: a shed answer is retried after the server's Retry-After, any other failure is shown, a failed
 * refetch keeps the voucher on screen. An answer older than the newest one asked for, or than a redeem's
 * voucher, is dropped: a refetch started before a redeem never puts back the usage from before it.
 */
export class VoucherStore {
  private state: VoucherState;
  private readonly listeners = new Set<() => void>();
  private inFlight: Promise<void> | null = null;
  /** Counts the answers asked for and the vouchers set: only the newest one is shown. */
  private generation = 0;

  constructor(
    private readonly load: () => Promise<PublicVoucher>,
    initial: PublicVoucher | undefined,
  ) {
    this.state = { data: initial, error: null };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  /** The voucher as an answer gave it (a redeem's), shown at once; an answer already on its way is dropped. */
  set(data: PublicVoucher): void {
    this.generation++;
    this.update({ data, error: null });
  }

  /**
   * Asks for the voucher again: joins the request on its way, unless `fresh` (after a redeem: the answer on
   * its way may predate it), which asks anew and drops the older answer.
   */
  readonly refetch = (fresh = false): Promise<void> => {
    if (this.inFlight && !fresh) return this.inFlight;
    const run = this.fetchVoucher(++this.generation).finally(() => {
      if (this.inFlight === run) this.inFlight = null;
    });
    this.inFlight = run;
    return run;
  };

  private async fetchVoucher(generation: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const data = await this.load();
        if (generation === this.generation) this.update({ data, error: null });
        return;
      } catch (error) {
        if (generation !== this.generation) return;
        if (isShedAnswer(error) && attempt < SHED_RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs));
          continue;
        }
        this.update({ data: this.state.data, error });
        return;
      }
    }
  }

  private update(state: VoucherState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

const stores = new Map<string, VoucherStore>();

/** The store of a voucher id, started from the copy in the page when it is this id's. */
export function voucherStore(id: string): VoucherStore {
  let store = stores.get(id);
  if (!store) {
    const load = async () => voucherOf(await (await apiRequest(VOUCHER_URLS.voucher(id))).json());
    stores.set(id, (store = new VoucherStore(load, embeddedVoucher(id)?.voucher)));
  }
  return store;
}

/**
 * The voucher, starting from the copy in the page when there is one: the first render shows the voucher
 * instead of a loading state, and it is still fetched again on mount and whenever the page becomes
 * visible again (a member coming back to it after a redeem at the till).
 */
export function useVoucher(id: string): VoucherResult {
  const store = voucherStore(id);
  const { data, error } = useSyncExternalStore(store.subscribe, store.snapshot);
  useEffect(() => {
    void store.refetch();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void store.refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [store]);
  return { data, error, isPending: data === undefined && !error, refetch: () => store.refetch() };
}
