import type { PublicVoucher } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
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

/** GET /api/qr-codes/{id}: the public voucher. */
export function voucherQueryOptions(id: string) {
  return queryOptions({
    queryKey: [VOUCHER_URLS.voucher(id)],
    queryFn: async ({ signal }) =>
      voucherOf(await (await apiRequest(VOUCHER_URLS.voucher(id), { signal })).json()),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The JSON data block the gateway puts in /voucher/{id} (gateway/src/http/voucher-snapshot.ts). */
const EMBEDDED_VOUCHER_ID = 'avpass-voucher';

let embedded: { voucher: PublicVoucher; at: number } | null | undefined;

/**
 * The voucher the gateway sent inside the page, when it is this id's: the element is read once and
 * removed. It only starts a query (marked with the time it was read, so it is refetched as usual).
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

/**
 * The voucher, starting from the copy in the page when there is one: the first render shows the voucher
 * instead of a loading state, and it is still fetched again as usual (it is stale from the start).
 */
export function useVoucher(id: string) {
  return useQuery({
    ...voucherQueryOptions(id),
    // Functions: called only when the query is created, not on every render.
    initialData: () => embeddedVoucher(id)?.voucher,
    initialDataUpdatedAt: () => embeddedVoucher(id)?.at,
  });
}
