import {
  LANGUAGES,
  requestLanguage,
  VOUCHER_CATALOGS,
  type Language,
  type VoucherMessageId,
  type Words,
} from '@avpass/contracts';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * The voucher page's words for the gateway's first HTML, in each language (issue 42): the same catalogs
 * as the script's page (libs/contracts/src/i18n/voucher.<language>.json), read once and compiled here.
 */
let loaded: Promise<Readonly<Record<Language, Words>>> | null = null;

async function load(): Promise<Readonly<Record<Language, Words>>> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      // No locale until its messages are loaded (Lingui warns of a locale without messages).
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileMessage);
      i18n.load(language, (await VOUCHER_CATALOGS[language]()).default as Record<string, string>);
      i18n.activate(language);
      const words: Words = { t: (id: VoucherMessageId, values) => i18n._(id, values), language };
      return [language, words] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Language, Words>;
}

/**
 * The words a request's page is drawn in: the remembered choice (`avpass_lang` cookie), then the
 * browser's Accept-Language, then English (decision 352).
 */
export async function voucherWordsFor(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Promise<Words> {
  loaded ??= load();
  return (await loaded)[requestLanguage(cookie, acceptLanguage)];
}
