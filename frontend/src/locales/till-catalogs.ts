import type { Catalog } from '@/i18n/catalogs';

/** The till's catalogs (its card prints the voucher area's words too), see frontend/src/i18n/catalogs.ts. */
export const TILL_CATALOGS: Catalog = {
  en: () => import('./till.en.json'),
  es: () => import('./till.es.json'),
};
