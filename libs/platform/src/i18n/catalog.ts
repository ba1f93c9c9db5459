import { LANGUAGES, type Language } from '@avpass/contracts';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALE_OF } from './formats';

/** One language's messages: key -> ICU MessageFormat text ("Hello {name}", "{n, plural, one {…} other {…}}"). */
export type Messages<K extends string> = Readonly<Record<K, string>>;

/** Values put into a message; text is inserted as it is (escape it for HTML yourself). */
export type MessageValues = Record<string, string | number>;

/**
 * A server catalog (decision 354): the same keys in every language, typed, compiled once at start by
 * Lingui (`@lingui/core` with `compileMessage`, as the screens' compiled catalogs are read by the same
 * runtime). `t(language, key, values)` is synchronous and never touches a shared "active" locale.
 */
export class Catalog<K extends string> {
  private readonly runtimes: Record<Language, I18n>;

  constructor(readonly messages: Readonly<Record<Language, Messages<K>>>) {
    this.runtimes = Object.fromEntries(
      LANGUAGES.map((language) => {
        const compiled = Object.fromEntries(
          Object.entries<string>(messages[language]).map(([key, text]) => [key, compileMessage(text)]),
        );
        // Messages given with the locale: activated loaded (no "not loaded" warning at start).
        const i18n = setupI18n({
          locale: language,
          locales: [LOCALE_OF[language]],
          messages: { [language]: compiled },
        });
        return [language, i18n];
      }),
    ) as Record<Language, I18n>;
  }

  get keys(): K[] {
    return Object.keys(this.messages.en) as K[];
  }

  /** The message `key` in `language`, with `values` put in. */
  t(language: Language, key: K, values?: MessageValues): string {
    return this.runtimes[language]._(key, values);
  }

  /** `t` bound to one language (a mail's or a PDF's whole text). */
  in(language: Language): (key: K, values?: MessageValues) => string {
    return (key, values) => this.t(language, key, values);
  }
}

/** A catalog from its English and Spanish messages; the types hold both to the same keys. */
export function defineCatalog<K extends string>(en: Messages<K>, es: Messages<NoInfer<K>>): Catalog<K> {
  return new Catalog<K>({ en, es });
}
