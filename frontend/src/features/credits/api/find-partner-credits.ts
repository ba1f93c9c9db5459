import { apiJson } from '@/lib/api-client';
import { withListQuery } from '@/lib/vouchers-api';
import { CREDIT_URLS } from './urls';
import { creditPageSchema } from './paged-list';

/** The first credits matching a typed athlete name (the partner's Record Transaction check). */
export function findPartnerCredits(search: string) {
  return apiJson(withListQuery(CREDIT_URLS.partnerCredits, { search, limit: 50 }), creditPageSchema);
}
