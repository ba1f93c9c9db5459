import type { Catalog } from '@/i18n/catalogs';

/** Admin and partner inventory: see frontend/src/i18n/catalogs.ts. */
export const INVENTORY_CATALOGS: Catalog = {
  en: () => import('./inventory.en.json'),
  es: () => import('./inventory.es.json'),
};
