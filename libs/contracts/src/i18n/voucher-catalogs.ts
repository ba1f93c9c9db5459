import type { Language } from './languages';

/**
 * The voucher page's catalogs, one per language, each loaded only when asked for: the browser fetches
 * only the reader's (the frontend's build compiles them, frontend/vite-catalogs.ts), the gateway reads
 * both once and compiles them at start (gateway/src/http/voucher-language.ts).
 */
export const VOUCHER_CATALOGS: Readonly<
  Record<Language, () => Promise<{ default: Record<string, unknown> }>>
> = {
  en: () => import('./voucher.en.json'),
  es: () => import('./voucher.es.json'),
};
