import type { Catalog } from '@/i18n/catalogs';

/** Partner statements: see frontend/src/i18n/catalogs.ts. */
export const STATEMENTS_CATALOGS: Catalog = {
  en: () => import('./statements.en.json'),
  es: () => import('./statements.es.json'),
};
