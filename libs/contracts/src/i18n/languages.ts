/**
 * The languages AV Pass speaks and how a visit's language is chosen (issue 42, decision 352). No zod
 * and no Node: the voucher page, the member's screens and the gateway's first HTML all read it.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };

/**
 * The cookie a remembered choice is kept in (beside localStorage), so the gateway draws the voucher
 * page's first HTML in it. `pseudo` (the test-only accented locale) is a valid value for the screens,
 * never for the gateway, which then draws English.
 */
export const LANGUAGE_COOKIE = 'avpass_lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'es-MX' -> 'es', 'EN' -> 'en', 'fr' -> null. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The first of the reader's languages (most preferred first) that AV Pass speaks, or null. */
export function firstSpoken(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/** The switch's own name, in the language it is shown in (it sits on screens of every catalog area). */
export const LANGUAGE_SWITCH_LABEL: Readonly<Record<Language, string>> = { en: 'Language', es: 'Idioma' };
