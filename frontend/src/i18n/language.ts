import {
  DEFAULT_LANGUAGE,
  firstSpoken,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '@avpass/contracts/i18n/languages';

/**
 * Which language a screen speaks (issue 42, decision 352): the signed-in user's or member's own setting,
 * else the choice remembered from the switch on the public pages (this browser's localStorage, and the
 * `avpass_lang` cookie so the gateway draws the voucher page's first HTML in it), else the browser's
 * languages, else English. `pseudo` (accented, longer: the e2e suite's overflow check) is taken only
 * from a remembered choice, never offered, and then wins over the account's.
 */
export type ScreenLanguage = Language | 'pseudo';

const STORAGE_KEY = 'avpassLanguage';
const YEAR_SECONDS = 365 * 24 * 3600;

const isScreenLanguage = (value: unknown): value is ScreenLanguage => value === 'pseudo' || isLanguage(value);

let account: Language | null = null;

/** The signed-in user's or member's own language, from their session; null when signed out. */
export function setAccountLanguage(language: unknown): void {
  account = isLanguage(language) ? language : null;
}

export function rememberedLanguage(): ScreenLanguage | null {
  try {
    const kept = window.localStorage.getItem(STORAGE_KEY);
    if (isScreenLanguage(kept)) return kept;
  } catch {
    // No storage: the cookie may still say it.
  }
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([\\w-]+)`).exec(document.cookie)?.[1];
  return isScreenLanguage(cookie) ? cookie : null;
}

/** Keeps the switch's choice for the next visit, here and for the gateway's first HTML. */
export function rememberLanguage(language: ScreenLanguage): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // The cookie alone remembers it.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

export function browserLanguage(): Language | null {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  return firstSpoken(tags.filter(Boolean));
}

export function chooseLanguage(): ScreenLanguage {
  const remembered = rememberedLanguage();
  // The pseudo-locale is the e2e suite's: it wins over an account's language, or it could not be seen.
  if (remembered === 'pseudo') return remembered;
  return account ?? remembered ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}
