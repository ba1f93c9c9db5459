import type { Language } from './languages';

/**
 * The audit trail's words (audit-sentence.ts: the sentence per entry, its phrases, the change lines'
 * field names and values), one catalog per language, each loaded only when asked for: the screens
 * load them with the staff words (frontend/src/locales/staff-catalogs.ts), where every audit list is.
 */
export const AUDIT_WORDS_CATALOGS: Readonly<
  Record<Language, () => Promise<{ default: Record<string, unknown> }>>
> = {
  en: () => import('./audit-words.en.json'),
  es: () => import('./audit-words.es.json'),
};
