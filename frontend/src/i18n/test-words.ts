import type { Language } from '@avpass/contracts/i18n/languages';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { setupI18n } from '@lingui/core';
import { VOUCHER_CATALOGS } from '@avpass/contracts/i18n/voucher-catalogs';
import { MEMBER_CATALOGS } from '@/locales/member-catalogs';
import { PUBLIC_CATALOGS } from '@/locales/public-catalogs';
import { STAFF_CATALOGS } from '@/locales/staff-catalogs';
import { STATEMENTS_CATALOGS } from '@/locales/statements-catalogs';
import { TILL_CATALOGS } from '@/locales/till-catalogs';
import type { MessageId } from './message-id';

/** For unit tests: the words of these catalog areas in `language`, as a screen would have them. */
export async function wordsIn(language: Language): Promise<Words<MessageId>> {
  const i18n = setupI18n();
  const parts = await Promise.all(
    [
      VOUCHER_CATALOGS,
      MEMBER_CATALOGS,
      PUBLIC_CATALOGS,
      TILL_CATALOGS,
      STAFF_CATALOGS,
      STATEMENTS_CATALOGS,
    ].map(async (area) => (await area[language]()).default),
  );
  i18n.load(language, Object.assign({}, ...parts) as Record<string, string>);
  i18n.activate(language);
  return { t: (id, values) => i18n._(id, values), language };
}
