import { type CreditListQuery } from '@avpass/contracts';
import { CREDIT_URLS } from './urls';
import { creditPageSchema, usePagedList } from './paged-list';

/** GET /api/athlete-credits (super_admin): active allocations, paged, searched, sorted and filtered. */
export const useAdminCredits = (query: CreditListQuery) =>
  usePagedList(CREDIT_URLS.credits, creditPageSchema, query);
