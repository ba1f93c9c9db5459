import type { Catalog } from '@/i18n/catalogs';

/** The audit screen: see frontend/src/i18n/catalogs.ts. */
export const AUDIT_CATALOGS: Catalog = {
  en: () => import('./audit.en.json'),
  es: () => import('./audit.es.json'),
};
