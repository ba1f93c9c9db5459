import type { Catalog } from '@/i18n/catalogs';

/** Athlete credits, trainer analytics and trainer QR: see frontend/src/i18n/catalogs.ts. */
export const CREDITS_CATALOGS: Catalog = {
  en: () => import('./credits.en.json'),
  es: () => import('./credits.es.json'),
};
