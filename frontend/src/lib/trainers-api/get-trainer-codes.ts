import type { Role, TrainerListQuery } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { rememberNextCursor, withListQuery } from '@/lib/vouchers-api/urls';
import { TRAINER_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const trainerPageSchema = lazySchema((c) => c.trainerPageSchema);

/**
 * The trainer codes the signed-in user may see: GET /api/qr-codes/trainers for the administrator,
 * GET /api/partner-assigned-qr-codes for a company (the codes assigned to it). Paged by cursor; the
 * table's sort, status and partner ride along when set (issue 27).
 */
export function useTrainerCodes(role: Role, query: TrainerListQuery) {
  const base = role === 'super_admin' ? TRAINER_URLS.adminList : TRAINER_URLS.companyList;
  const url = withListQuery(base, query);
  return useQuery({
    queryKey: [base, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(base, query, await apiJson(url, trainerPageSchema, { signal })),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
