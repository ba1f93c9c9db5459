import type { MemberProfile } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';

export const ME_URL = '/api/me';

/** GET /api/me: the member's first name, language and athlete credit balance (null: none linked). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: [ME_URL],
    queryFn: ({ signal }) => memberJson<MemberProfile>(ME_URL, { signal, signedIn: true }),
  });

export const useMe = () => useQuery(meQueryOptions());
