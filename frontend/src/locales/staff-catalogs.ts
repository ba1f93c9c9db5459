import { AUDIT_WORDS_CATALOGS } from '@avpass/contracts/i18n/audit-catalogs';
import { VOUCHER_CATALOGS } from '@avpass/contracts/i18n/voucher-catalogs';
import type { Language } from '@avpass/contracts/i18n/languages';
import type { Catalog } from '@/i18n/catalogs';

const STAFF = { en: () => import('./staff.en.json'), es: () => import('./staff.es.json') };
/** The staff words' second half (the codes table, lists, downloads, ZIPs, the audit and stock lists). */
const STAFF_LISTS = { en: () => import('./staff-lists.en.json'), es: () => import('./staff-lists.es.json') };

/**
 * The staff words with the voucher's (a code's status, its discount: shown by the shared code lists too)
 * and the audit trail's (its sentences: the shared audit lists, on the audit screen, a company's
 * activity and a member's history).
 */
const withVoucherWords = (language: Language) => async () => {
  const [staff, lists, voucher, audit] = await Promise.all([
    STAFF[language](),
    STAFF_LISTS[language](),
    VOUCHER_CATALOGS[language](),
    AUDIT_WORDS_CATALOGS[language](),
  ]);
  return { default: { ...voucher.default, ...audit.default, ...staff.default, ...lists.default } };
};

/** The signed-in shell and the screens' shared parts (nav bar, guards, lists, dialogs, forms, downloads), loaded with the app: see frontend/src/i18n/catalogs.ts. */
export const STAFF_CATALOGS: Catalog = {
  en: withVoucherWords('en'),
  es: withVoucherWords('es'),
};
