import type { Catalog } from '@/i18n/catalogs';

/** Project-rooted exclusives: see frontend/src/i18n/catalogs.ts. */
export const EXCLUSIVES_CATALOGS: Catalog = {
  en: () => import('./exclusives.en.json'),
  es: () => import('./exclusives.es.json'),
};
