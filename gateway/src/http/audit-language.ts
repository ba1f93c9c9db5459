import {
  acceptedTags,
  AUDIT_WORDS_CATALOGS,
  ENGLISH_AUDIT_WORDS,
  firstSpoken,
  type AuditMessageId,
  type AuditWords,
} from '@avpass/contracts';
import { catalogWords } from '@avpass/platform';

/** The audit trail's words for the CSV's Description (issue 42): libs/contracts/src/i18n/audit-words.<language>.json. */
const auditWords = catalogWords<AuditMessageId>(AUDIT_WORDS_CATALOGS);

/**
 * The words an export is written in: its Accept-Language (the screen sends the language it speaks),
 * else English. Not the remembered cookie: a signed-in user's own language wins over it on the screen.
 */
export async function auditWordsFor(acceptLanguage: string | undefined): Promise<AuditWords> {
  const language = firstSpoken(acceptedTags(acceptLanguage));
  if (!language || language === 'en') return ENGLISH_AUDIT_WORDS;
  return (await auditWords())[language];
}
