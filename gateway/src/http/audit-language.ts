import {
  acceptedTags,
  AUDIT_WORDS_CATALOGS,
  ENGLISH_AUDIT_WORDS,
  firstSpoken,
  LANGUAGES,
  type AuditMessageId,
  type AuditWords,
  type Language,
} from '@avpass/contracts';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * The audit trail's words for the CSV's Description (issue 42): the screens' catalogs
 * (libs/contracts/src/i18n/audit-words.<language>.json), read once and compiled here.
 */
let loaded: Promise<Readonly<Record<Language, AuditWords>>> | null = null;

async function load(): Promise<Readonly<Record<Language, AuditWords>>> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileMessage);
      i18n.load(language, (await AUDIT_WORDS_CATALOGS[language]()).default as Record<string, string>);
      i18n.activate(language);
      const words: AuditWords = { t: (id: AuditMessageId, values) => i18n._(id, values), language };
      return [language, words] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Language, AuditWords>;
}

/**
 * The words an export is written in: its Accept-Language (the screen sends the language it speaks),
 * else English. Not the remembered cookie: a signed-in user's own language wins over it on the screen.
 */
export async function auditWordsFor(acceptLanguage: string | undefined): Promise<AuditWords> {
  const language = firstSpoken(acceptedTags(acceptLanguage));
  if (!language || language === 'en') return ENGLISH_AUDIT_WORDS;
  loaded ??= load();
  return (await loaded)[language];
}
