import { isLanguage, type Language } from '@avpass/contracts/i18n/languages';

/**
 * The language a user's choice shows as theirs: one being saved, else their account's, else the one
 * spoken now (the pseudo-locale is not a choice: English), else English.
 */
export function shownLanguage(saving: Language | null, own: unknown, spoken: string): Language {
  if (saving) return saving;
  if (isLanguage(own)) return own;
  return isLanguage(spoken) ? spoken : 'en';
}
