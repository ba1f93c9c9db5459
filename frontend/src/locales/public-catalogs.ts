import type { Catalog } from '@/i18n/catalogs';

/** The public pages' catalogs (landing, sign-in, 404, skip link), see frontend/src/i18n/catalogs.ts. */
export const PUBLIC_CATALOGS: Catalog = {
  en: () => import('./public.en.json'),
  es: () => import('./public.es.json'),
};
