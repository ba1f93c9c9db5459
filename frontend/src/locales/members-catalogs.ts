import type { Catalog } from '@/i18n/catalogs';

/** The admins' Members screens (the member's own /me is the `member` area): see frontend/src/i18n/catalogs.ts. */
export const MEMBERS_CATALOGS: Catalog = {
  en: () => import('./members.en.json'),
  es: () => import('./members.es.json'),
};
