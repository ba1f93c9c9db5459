import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';

/** "Showing 40 of 132 partners" under the grid while more can be shown (issue 44), in the reader's words. */
export function showingCount(
  shown: number,
  total: number,
  t: Translate<MessageId>,
  language: string,
): string {
  const all = Math.max(total, shown);
  return t('landing.partners.showing', { shown: shown.toLocaleString(localeOf(language)), all });
}

/** "12 partners matching "bike"": the whole count when the server gave it, else what is loaded and "+". */
export function matchingCount(
  loaded: number,
  hasMore: boolean,
  total: number | undefined,
  term: string,
  t: Translate<MessageId>,
  language: string,
): string {
  const count = Math.max(total ?? loaded, loaded);
  const more = total === undefined && hasMore ? '+' : '';
  return t('landing.partners.matching', {
    count,
    shown: `${count.toLocaleString(localeOf(language))}${more}`,
    term,
  });
}

const localeOf = (language: string) => (language === 'es' ? 'es-US' : 'en-US');
