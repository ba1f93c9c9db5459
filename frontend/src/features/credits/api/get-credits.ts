import { type CreditListQuery } from '@avpass/contracts';
import type { CreditsRole } from '../components/credit-roles';
import { CREDIT_URLS } from './urls';
import { creditPageSchema, usePagedList } from './paged-list';

/**
 * A role's credits, paged, searched, sorted and filtered: GET /api/athlete-credits (super_admin, every
 * active allocation) or GET /api/partner-athlete-credits (the credits the signed-in partner may process).
 */
export const useCredits = (role: CreditsRole, query: CreditListQuery) =>
  usePagedList(role === 'admin' ? CREDIT_URLS.credits : CREDIT_URLS.partnerCredits, creditPageSchema, query);
