import type { MemberConsentFilter, MemberSort } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { MEMBER_URLS, withQuery } from './urls';

const memberPageSchema = lazySchema((c) => c.memberPageSchema);

export interface MemberListParams {
  search?: string;
  tag?: string;
  consent?: MemberConsentFilter;
  sort?: MemberSort;
  order?: 'asc' | 'desc';
  cursor?: string;
  limit?: number;
}

export const memberListUrl = (query: MemberListParams) => withQuery(MEMBER_URLS.list, { ...query });

/** GET /api/members: one keyset page (newest first, or by name), filtered by search, tag and consent. */
export function useMembers(query: MemberListParams, enabled = true) {
  const url = memberListUrl(query);
  return useQuery({
    queryKey: [MEMBER_URLS.list, url],
    queryFn: ({ signal }) => apiJson(url, memberPageSchema, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of GET /api/members, outside a component (a CSV's contacts looked up one by one). */
export async function fetchMembers(query: MemberListParams) {
  return (await apiJson(memberListUrl(query), memberPageSchema)).items;
}
