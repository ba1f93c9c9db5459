import { VOUCHER_CATALOGS } from '@avpass/contracts/i18n/voucher-catalogs';
import type { Language } from '@avpass/contracts/i18n/languages';

type Loader = () => Promise<{ default: Record<string, unknown> }>;

/**
 * The catalogs, by screen area and language. A screen loads its areas' catalogs in the one language it
 * speaks (each file its own chunk, compiled at build by frontend/vite-catalogs.ts): the voucher page
 * never downloads Spanish for an English reader, nor the till's words. The voucher area's files live
 * in libs/contracts: the gateway's first HTML prints the same words.
 */
export const CATALOGS = {
  voucher: VOUCHER_CATALOGS,
  member: { en: () => import('@/locales/member.en.json'), es: () => import('@/locales/member.es.json') },
  public: { en: () => import('@/locales/public.en.json'), es: () => import('@/locales/public.es.json') },
  till: { en: () => import('@/locales/till.en.json'), es: () => import('@/locales/till.es.json') },
  settings: {
    en: () => import('@/locales/settings.en.json'),
    es: () => import('@/locales/settings.es.json'),
  },
} satisfies Record<string, Record<Language, Loader>>;

export type CatalogArea = keyof typeof CATALOGS;
