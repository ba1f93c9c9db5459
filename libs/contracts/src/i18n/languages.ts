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

/** An Accept-Language header's tags, by their q weights (q=0 refused), most preferred first. */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** A Cookie header's value of `name`, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The gateway's choice for a request: the remembered choice (cookie), then Accept-Language, then English. */
export function requestLanguage(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const remembered = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(remembered)) return remembered;
  return firstSpoken(acceptedTags(acceptLanguage)) ?? DEFAULT_LANGUAGE;
}

/** The switch's own name, in the language it is shown in (it sits on screens of every catalog area). */
export const LANGUAGE_SWITCH_LABEL: Readonly<Record<Language, string>> = { en: 'Language', es: 'Idioma' };
