import { ANALYTICS_MAX_DAYS, type TrainerAnalyticsRow } from '@avpass/contracts';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { addDays, formatDateIn } from '@avpass/domain';
import type { MessageId } from '@/i18n/message-id';

/** The translator the trainer screens pass to their word functions. */
export type T = Translate<MessageId>;

/** Device text in the breakdown is cut to 20 characters (spec section 9). */
export const deviceText = (device: string | null, t: T) => {
  const text = device ?? t('credits.analytics.unknownDevice');
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
};
/** "Personal Trainer", "Athlete", "Coach" (a code without a role is a trainer's) in the reader's language. */
export const roleLabel = (role: TrainerAnalyticsRow['trainerRole'], t: T) =>
  role ? t(`credits.role.${role}`) : t('credits.analytics.trainer');

/** A business day ('YYYY-MM-DD') as "Nov 3, 2026" in the reader's language (the day itself, whatever the viewer's zone). */
export const dayText = (day: string, language: string) => formatDateIn(language, day, 'UTC');

export type RangeEdge = 'startDate' | 'endDate';

/**
 * A new From or To (issue 27): the other end never moves. A day past the other end, or a range
 * longer than the server serves, is refused with the reason in the reader's language (the fields keep
 * their days); else the shown range with that end changed.
 */
export function nextRange(
  shown: { startDate: string | undefined; endDate: string | undefined },
  edge: RangeEdge,
  day: string,
  words: { t: T; language: string },
): { range: { startDate?: string; endDate?: string } } | { refused: string } {
  const { t, language } = words;
  const range = { ...shown, [edge]: day || undefined };
  const { startDate, endDate } = range;
  if (startDate && endDate) {
    if (startDate > endDate)
      return {
        refused:
          edge === 'endDate'
            ? t('credits.analytics.toBeforeFrom', { date: dayText(startDate, language) })
            : t('credits.analytics.fromAfterTo', { date: dayText(endDate, language) }),
      };
    if (addDays(startDate, ANALYTICS_MAX_DAYS - 1) < endDate)
      return { refused: t('credits.analytics.rangeTooLong', { days: ANALYTICS_MAX_DAYS }) };
  }
  return {
    range: Object.fromEntries(Object.entries(range).filter(([, v]) => v)) as {
      startDate?: string;
      endDate?: string;
    },
  };
}
