import type { Catalog } from '@/i18n/catalogs';

/** The member's screens' catalogs (/me, /me/sign-in), see frontend/src/i18n/catalogs.ts. */
export const MEMBER_CATALOGS: Catalog = {
  en: () => import('./member.en.json'),
  es: () => import('./member.es.json'),
};
