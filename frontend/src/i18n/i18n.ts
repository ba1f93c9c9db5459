import { setupI18n } from '@lingui/core';
import { useEffect, useSyncExternalStore } from 'react';
import { isLanguage } from '@avpass/contracts/i18n/languages';
import type { Translate, Words } from '@avpass/contracts/i18n/voucher-words';
import type { Catalog } from './catalogs';
import { chooseLanguage, setAccountLanguage, type ScreenLanguage } from './language';
import type { MessageId } from './message-id';

/**
 * The screens' one Lingui instance (decision 351): compiled catalogs, no message compiler in the
 * bundle. A shell activates its areas before it mounts; a route loads its own area beside its code
 * (`withCatalog`); the switch and a signed-in account change the language of every loaded area. The
 * areas' loaders come from the code that shows them (catalogs.ts): this module names none.
 */
export const i18n = setupI18n();
const areas = new Set<Catalog>();
let loading: Promise<void> = Promise.resolve();

async function messagesOf(language: ScreenLanguage, area: Catalog): Promise<Record<string, unknown>> {
  if (language !== 'pseudo') return (await area[language]()).default;
  const [{ pseudoMessages }, english] = await Promise.all([import('./pseudo'), area.en()]);
  return pseudoMessages(english.default);
}

/** Loads `language` for every area asked for so far and these, then speaks it (`<html lang>` too). */
export function activate(language: ScreenLanguage = chooseLanguage(), more: Catalog[] = []): Promise<void> {
  for (const area of more) areas.add(area);
  const wanted = [...areas];
  loading = loading
    .catch(() => undefined)
    .then(async () => {
      const parts = await Promise.all(wanted.map((area) => messagesOf(language, area)));
      i18n.load(language, Object.assign({}, ...parts) as Record<string, string>);
      i18n.activate(language);
      document.documentElement.lang = language === 'pseudo' ? 'en' : language;
    });
  return loading;
}

/** Adds an area's catalog in the language spoken now (a route's words, loaded beside its code). */
export function loadArea(area: Catalog): Promise<void> {
  if (areas.has(area) && i18n.locale) return loading;
  return activate((i18n.locale as ScreenLanguage) || chooseLanguage(), [area]);
}

/** A lazy import that waits for its areas' words too (a router's `lazy`, a shell's screen). */
export function withCatalog<T>(areas: Catalog[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), ...areas.map(loadArea)]))[0];
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const spoken = () => i18n.locale;
const translate: Translate<MessageId> = (id, values) => i18n._(id, values);

/**
 * The language spoken now; a component that asks draws again when it changes. The screens share one
 * Lingui instance, so no provider is needed (and @lingui/react's weight is saved on the voucher page).
 */
export function useLanguage(): string {
  return useSyncExternalStore(subscribe, spoken);
}

/** The translator of the language spoken now; a component using it draws again when it changes. */
export function useT(): Translate<MessageId> {
  useLanguage();
  return translate;
}

/** The translator and its language, as the libraries' word functions take them (voucher-words.ts). */
export function useWords(): Words<MessageId> {
  return { t: translate, language: useLanguage() };
}

/**
 * A signed-in user's or member's own language (their session's `language`) wins over the switch and
 * the browser (decision 352): spoken as soon as it is known, and remembered for this visit.
 */
export function useAccountLanguage(language: unknown): void {
  useEffect(() => {
    setAccountLanguage(language);
    const wanted = chooseLanguage();
    if (isLanguage(language) && i18n.locale !== wanted) void activate(wanted);
  }, [language]);
}
