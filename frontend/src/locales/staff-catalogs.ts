import type { Catalog } from '@/i18n/catalogs';

/** The signed-in shell and the screens' shared parts (nav bar, guards, lists, dialogs, forms, downloads), loaded with the app: see frontend/src/i18n/catalogs.ts. */
export const STAFF_CATALOGS: Catalog = {
  en: () => import('./staff.en.json'),
  es: () => import('./staff.es.json'),
};
