import { formatDateIn, formatDateTimeIn } from '@avpass/domain';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';
import { viewerTimeZone } from '@/lib/time-zone';

/** Date-only expiries print as the calendar date, whatever the viewer's zone. */
export function expiryText(expirationDate: string | null, words: Words<MessageId>): string {
  return expirationDate
    ? formatDateIn(words.language, expirationDate, 'UTC')
    : words.t('voucher.noExpiration');
}

/** Instants are shown in the viewer's own zone. */
export const dateTimeText = (at: string, language: string): string =>
  formatDateTimeIn(language, at, viewerTimeZone());
