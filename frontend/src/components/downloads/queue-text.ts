import { formatNumberIn } from '@avpass/domain';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';

/** A queued job in a club administrator's words, with its place in line when the server knows it. */
export function queuedText(position: number | null | undefined, { t }: Words<MessageId>): string {
  if (position === null || position === undefined) return t('staff.zip.queued');
  if (position === 0) return t('staff.zip.queuedNext');
  return t('staff.zip.queuedBehind', { count: position });
}

/** Seconds left in plain words, rounded the way people say it. */
export function timeLeftText(seconds: number, { t }: Words<MessageId>): string {
  if (seconds < 45) return t('staff.zip.lessThanMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('staff.zip.minutesLeft', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return t('staff.zip.hoursLeft', { hours, minutes: rest.toString().padStart(2, '0') });
}

/** A running job's progress line: counts, percentage and, once known, the time left. */
export function renderingText(
  done: number,
  total: number,
  progress: number,
  secondsLeft: number | null,
  words: Words<MessageId>,
): string {
  const { t, language } = words;
  if (total > 0 && done >= total)
    return t('staff.zip.assembling', { total: formatNumberIn(language, total) });
  const counts = t('staff.zip.rendering', {
    done: formatNumberIn(language, done),
    total: formatNumberIn(language, total),
    progress,
  });
  return secondsLeft === null ? counts : `${counts} · ${timeLeftText(secondsLeft, words)}`;
}

/**
 * The time left from the rate seen since the first sample that had started: null until the job has
 * run MIN_SECONDS and made progress (an early rate says little).
 */
export function estimateSecondsLeft(
  first: { at: number; done: number },
  now: { at: number; done: number },
  total: number,
  minSeconds = 3,
): number | null {
  const elapsed = (now.at - first.at) / 1000;
  const rendered = now.done - first.done;
  if (elapsed < minSeconds || rendered <= 0 || now.done >= total) return null;
  return (total - now.done) / (rendered / elapsed);
}
