import { ANALYTICS_MAX_DAYS, type TrainerAnalyticsRow } from '@avpass/contracts';
import { addDays, formatDate, TRAINER_ROLE_LABELS } from '@avpass/domain';

/** Device text in the breakdown is cut to 20 characters (spec section 9). */
export const deviceText = (device: string | null) => {
  const text = device ?? 'Unknown device';
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
};
export const roleLabel = (role: TrainerAnalyticsRow['trainerRole']) =>
  role ? TRAINER_ROLE_LABELS[role] : 'Trainer';

/** A business day ('YYYY-MM-DD') as "Nov 3, 2026" (the day itself, whatever the viewer's zone). */
export const dayText = (day: string) => formatDate(`${day}T12:00:00Z`, 'UTC');

export type RangeEdge = 'startDate' | 'endDate';

/**
 * A new From or To (issue 27): the other end never moves. A day past the other end, or a range
 * longer than the server serves, is refused with the reason (the fields keep their days); else the
 * shown range with that end changed.
 */
export function nextRange(
  shown: { startDate: string | undefined; endDate: string | undefined },
  edge: RangeEdge,
  day: string,
): { range: { startDate?: string; endDate?: string } } | { refused: string } {
  const range = { ...shown, [edge]: day || undefined };
  const { startDate, endDate } = range;
  if (startDate && endDate) {
    if (startDate > endDate)
      return {
        refused:
          edge === 'endDate'
            ? `To can't be before From (${dayText(startDate)}); From stays. Pick a later day, or move From first.`
            : `From can't be after To (${dayText(endDate)}); To stays. Pick an earlier day, or move To first.`,
      };
    if (addDays(startDate, ANALYTICS_MAX_DAYS - 1) < endDate)
      return { refused: `A range covers at most ${ANALYTICS_MAX_DAYS} days; the other date stays.` };
  }
  return {
    range: Object.fromEntries(Object.entries(range).filter(([, v]) => v)) as {
      startDate?: string;
      endDate?: string;
    },
  };
}
