import type { Catalog } from '@/i18n/catalogs';

/**
 * The API's refusals in the reader's language (issue 42, decisions 356 and 360): each key is an error
 * code of libs/contracts/src/message-codes.ts, shown by apiErrorText; loaded with every signed-in screen,
 * beside the staff shell's words. See frontend/src/i18n/catalogs.ts.
 */
export const ERRORS_CATALOGS: Catalog = {
  en: () => import('./errors.en.json'),
  es: () => import('./errors.es.json'),
};
