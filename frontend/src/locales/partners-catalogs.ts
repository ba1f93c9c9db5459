import type { Catalog } from '@/i18n/catalogs';

/** Partners / Vendors: see frontend/src/i18n/catalogs.ts. */
export const PARTNERS_CATALOGS: Catalog = {
  en: () => import('./partners.en.json'),
  es: () => import('./partners.es.json'),
};
