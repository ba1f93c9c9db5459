import { type CreditListQuery } from '@avpass/contracts';
import { CREDIT_URLS } from './urls';
import { creditPageSchema, usePagedList } from './paged-list';

/** GET /api/partner-athlete-credits: the credits the signed-in partner may process. */
export const usePartnerCredits = (query: CreditListQuery) =>
  usePagedList(CREDIT_URLS.partnerCredits, creditPageSchema, query);
