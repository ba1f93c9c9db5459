import type { Catalog } from '@/i18n/catalogs';

/** The Settings screen's catalogs (its Language field so far), see frontend/src/i18n/catalogs.ts. */
export const SETTINGS_CATALOGS: Catalog = {
  en: () => import('./settings.en.json'),
  es: () => import('./settings.es.json'),
};
