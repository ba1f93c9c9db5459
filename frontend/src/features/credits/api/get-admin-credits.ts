import { type ListQuery } from '@avpass/contracts';
import { CREDIT_URLS } from './urls';
import { creditPageSchema, usePagedList } from './paged-list';

/** GET /api/athlete-credits (super_admin): active allocations, paged and searchable. */
export const useAdminCredits = (query: ListQuery) =>
  usePagedList(CREDIT_URLS.credits, creditPageSchema, query);
