import { LANGUAGES, type Language, type Words } from '@avpass/contracts';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

type Catalogs = Readonly<Record<Language, () => Promise<{ default: Record<string, unknown> }>>>;

/**
 * The words of a shared catalog (libs/contracts/src/i18n: the voucher page's, the audit trail's) in each
 * language, for what a server writes itself (issue 42: the gateway's first HTML and audit CSV, the
 * printed cards, the wallet passes): read and compiled once, on first use.
 */
export function catalogWords<Id extends string>(
  catalogs: Catalogs,
): () => Promise<Readonly<Record<Language, Words<Id>>>> {
  let loaded: Promise<Readonly<Record<Language, Words<Id>>>> | null = null;
  const load = async () => {
    const entries = await Promise.all(
      LANGUAGES.map(async (language) => {
        // No locale until its messages are loaded (Lingui warns of a locale without messages).
        const i18n = setupI18n();
        i18n.setMessagesCompiler(compileMessage);
        i18n.load(language, (await catalogs[language]()).default as Record<string, string>);
        i18n.activate(language);
        const words: Words<Id> = { t: (id: Id, values) => i18n._(id, values), language };
        return [language, words] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<Language, Words<Id>>;
  };
  return () => (loaded ??= load());
}
