import type { Language } from '@avpass/contracts/i18n/languages';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { setupI18n } from '@lingui/core';
import { CATALOGS } from './catalogs';
import type { MessageId } from './message-id';

/** For unit tests: the words of every catalog area in `language`, as a screen would have them. */
export async function wordsIn(language: Language): Promise<Words<MessageId>> {
  const i18n = setupI18n();
  const parts = await Promise.all(
    Object.values(CATALOGS).map(async (area) => (await area[language]()).default),
  );
  i18n.load(language, Object.assign({}, ...parts) as Record<string, string>);
  i18n.activate(language);
  return { t: (id, values) => i18n._(id, values), language };
}
