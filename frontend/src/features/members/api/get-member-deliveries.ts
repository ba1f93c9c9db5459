import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { isMissingRoute, MEMBER_URLS, withQuery } from '@/lib/members-api';

export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'bounced', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One e-mail or SMS of a voucher to the member (issue 41). */
export interface MemberDelivery {
  id: string;
  channel: 'email' | 'sms';
  status: DeliveryStatus;
  reason: string | null;
  publicId: string | null;
  createdAt: string;
  updatedAt: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * Read by hand, leniently: the deliveries route is another helper's (wt-b) and its contract is not on
 * main yet. A row without an id, a known channel or status is left out rather than failing the page.
 */
export const memberDeliveriesSchema = {
  parse(value: unknown): { items: MemberDelivery[]; nextCursor: string | null } {
    const body = (value ?? {}) as { items?: unknown; nextCursor?: unknown };
    const rows = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
    const items = rows.flatMap((row): MemberDelivery[] => {
      const channel = row.channel === 'email' || row.channel === 'sms' ? row.channel : null;
      const status = DELIVERY_STATUSES.find((s) => s === row.status);
      const id = text(row.id);
      if (!id || !channel || !status) return [];
      const voucher = row.voucher as { publicId?: unknown } | undefined;
      return [
        {
          id,
          channel,
          status,
          reason: text(row.reason),
          publicId: text(row.publicId) ?? text(voucher?.publicId),
          createdAt: text(row.createdAt) ?? '',
          updatedAt: text(row.updatedAt) ?? '',
        },
      ];
    });
    return { items, nextCursor: text(body.nextCursor) };
  },
};

/** GET /api/members/{id}/deliveries: newest first, keyset-paged ("Load more"). */
export function useMemberDeliveries(id: string) {
  return useInfiniteQuery({
    queryKey: [MEMBER_URLS.deliveries(id)],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiJson(
        withQuery(MEMBER_URLS.deliveries(id), { cursor: pageParam, limit: 20 }),
        () => memberDeliveriesSchema,
        {
          signal,
        },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: (count, error) => !isMissingRoute(error) && count < 2,
  });
}
