import { memberDeliveriesPageSchema } from '@avpass/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { isMissingRoute, MEMBER_URLS, withQuery } from '@/lib/members-api';

export { DELIVERY_STATUSES, type DeliveryStatus, type MemberDelivery } from '@avpass/contracts';

/** The answer's page, read by the members service's own schema (libs/contracts member-sends.ts). */
export const memberDeliveriesSchema = memberDeliveriesPageSchema;

/** GET /api/members/{id}/deliveries: newest first, keyset-paged ("Load more"). */
export function useMemberDeliveries(id: string) {
  return useInfiniteQuery({
    queryKey: [MEMBER_URLS.deliveries(id)],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiJson(
        withQuery(MEMBER_URLS.deliveries(id), { cursor: pageParam, limit: 20 }),
        () => memberDeliveriesSchema,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: (count, error) => !isMissingRoute(error) && count < 2,
  });
}
