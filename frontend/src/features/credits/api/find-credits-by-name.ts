import type { AthleteCredit } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';
import { withListQuery } from '@/lib/vouchers-api';
import { creditPageSchema } from './paged-list';
import { CREDIT_URLS } from './urls';

/** Names are the same athlete's when they match ignoring case and surrounding or repeated spaces. */
export function sameAthleteName(a: string, b: string): boolean {
  const norm = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/**
 * The administrator's active credits for exactly this athlete name (GET /api/athlete-credits searched
 * by the name, the exact matches kept): asked before a second credit for the same athlete is created.
 */
export async function findCreditsByName(name: string): Promise<AthleteCredit[]> {
  const page = await apiJson(
    withListQuery(CREDIT_URLS.credits, {
      search: name.trim().replace(/\s+/g, ' ').slice(0, 100),
      limit: 200,
    }),
    () => creditPageSchema,
  );
  return page.items.filter((credit) => sameAthleteName(credit.athleteName, name));
}
