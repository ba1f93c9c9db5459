import type { Catalog } from '@/i18n/catalogs';

/** The admin and company dashboards and Company admin: see frontend/src/i18n/catalogs.ts. */
export const DASHBOARD_CATALOGS: Catalog = {
  en: () => import('./dashboard.en.json'),
  es: () => import('./dashboard.es.json'),
};
