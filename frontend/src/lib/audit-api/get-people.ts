import { auditPeopleSchema } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { AUDIT_URLS } from './urls';

/**
 * GET /api/audit/people?q=: the person picker's type-ahead over every user (administrators), at most
 * ten by username prefix. Nothing is asked until something is typed.
 */
export function useAuditPeople(prefix: string) {
  const q = prefix.trim();
  return useQuery({
    queryKey: [AUDIT_URLS.people, q],
    queryFn: ({ signal }) =>
      apiJson(`${AUDIT_URLS.people}?${new URLSearchParams({ q }).toString()}`, () => auditPeopleSchema, {
        signal,
      }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
