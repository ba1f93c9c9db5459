import { publicPartnerSchema, type PublicPartner } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

export const PUBLIC_PARTNERS_URL = '/api/public/partners';

const publicPartnersSchema = publicPartnerSchema.array();

export function getPublicPartners({ signal }: { signal?: AbortSignal } = {}): Promise<PublicPartner[]> {
  return apiJson(PUBLIC_PARTNERS_URL, publicPartnersSchema, { signal, token: null });
}

export function publicPartnersQueryOptions() {
  return queryOptions({
    queryKey: [PUBLIC_PARTNERS_URL],
    queryFn: ({ signal }) => getPublicPartners({ signal }),
  });
}

export function usePublicPartners() {
  return useQuery(publicPartnersQueryOptions());
}
