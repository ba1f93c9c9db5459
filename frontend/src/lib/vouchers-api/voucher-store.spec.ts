import type { PublicVoucher } from '@avpass/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { VoucherStore } from './get-public-voucher';

// The page's window (this project runs in node): set before the modules below read it on import.
vi.hoisted(() => {
  const noStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  Object.assign(globalThis, {
    window: {
      addEventListener: () => undefined,
      localStorage: noStorage,
      location: { origin: 'http://localhost' },
    },
  });
});

const voucher = (usageCount: number) => ({ id: 'v1', usageCount }) as unknown as PublicVoucher;
const usage = (store: VoucherStore) => store.snapshot().data?.usageCount;

/** A load whose answers the test releases one by one, in any order. */
function loads() {
  const pending: { resolve: (v: PublicVoucher) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    () => new Promise<PublicVoucher>((resolve, reject) => pending.push({ resolve, reject })),
  );
  return { load, pending };
}

const shed = () => new ApiError(503, '', null, {}, null, 1);

describe('the voucher page’s store (decision 384)', () => {
  it('a refetch joins the one on its way; a fresh one asks anew', async () => {
    const { load, pending } = loads();
    const store = new VoucherStore(load, voucher(0));
    const first = store.refetch();
    expect(store.refetch()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    void store.refetch(true);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]!.resolve(voucher(2));
    pending[0]!.resolve(voucher(1));
    await first;
    await Promise.resolve();
    expect(usage(store)).toBe(2);
  });

  it('an answer asked for before a redeem never puts back the usage from before it', async () => {
    const { load, pending } = loads();
    const store = new VoucherStore(load, voucher(0));
    const seen: (number | undefined)[] = [];
    store.subscribe(() => seen.push(usage(store)));
    const before = store.refetch(); // the phone came back to the page
    store.set(voucher(1)); // the redeem's answer
    const after = store.refetch(true);
    pending[0]!.resolve(voucher(0)); // the older answer arrives last but one
    await before;
    pending[1]!.resolve(voucher(1));
    await after;
    expect(seen).toEqual([1, 1]);
    expect(usage(store)).toBe(1);
  });

  it('a failed refetch keeps the voucher and says why; the next answer clears it', async () => {
    const { load, pending } = loads();
    const store = new VoucherStore(load, voucher(3));
    const failed = store.refetch();
    pending[0]!.reject(new ApiError(500, '', 'boom', {}, null));
    await failed;
    expect(usage(store)).toBe(3);
    expect(store.snapshot().error).toBeInstanceOf(ApiError);
    const again = store.refetch();
    pending[1]!.resolve(voucher(4));
    await again;
    expect(store.snapshot()).toEqual({ data: voucher(4), error: null });
  });

  it('a shed answer (503 + Retry-After) is asked again after the wait, three times at most', async () => {
    const load = vi.fn<() => Promise<PublicVoucher>>().mockRejectedValue(shed());
    const store = new VoucherStore(load, undefined);
    await store.refetch();
    expect(load).toHaveBeenCalledTimes(4);
    expect(store.snapshot().error).toBeInstanceOf(ApiError);
    load.mockReset().mockRejectedValueOnce(shed()).mockResolvedValueOnce(voucher(5));
    await store.refetch();
    expect(load).toHaveBeenCalledTimes(2);
    expect(store.snapshot()).toEqual({ data: voucher(5), error: null });
  });
});
