import type { Catalog } from '@/i18n/catalogs';

/** Generate voucher and Bulk generate: see frontend/src/i18n/catalogs.ts. */
export const GENERATE_CATALOGS: Catalog = {
  en: () => import('./generate.en.json'),
  es: () => import('./generate.es.json'),
};
