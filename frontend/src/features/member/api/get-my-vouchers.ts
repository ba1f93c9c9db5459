import type { HeldVouchersPage } from '@avpass/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';

export const MY_VOUCHERS_URL = '/api/me/vouchers';
const PAGE = 20;

const pageUrl = (cursor: string | null) =>
  `${MY_VOUCHERS_URL}?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** GET /api/me/vouchers: the member's codes by cursor, those that can be used first. */
export const myVouchersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [MY_VOUCHERS_URL],
    queryFn: ({ pageParam, signal }) =>
      memberJson<HeldVouchersPage>(pageUrl(pageParam), { signal, signedIn: true }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnWindowFocus: true,
  });

export const useMyVouchers = () => useInfiniteQuery(myVouchersQueryOptions());
