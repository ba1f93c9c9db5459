import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { formatDateIn, formatMonthDayTimeIn, formatTimeIn } from '@avpass/domain';
import { i18n } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import type { OfflineVerdict } from './offline-check';
import type { RedeemResult } from './queue-types';

/**
 * The offline till's words in the reader's language (issue 42): decideOffline keeps the server's English
 * `reason` (what the online check says, and what its tests hold), and these say the same from the
 * catalogs: the refusal's reason, when the list was read, the uses left.
 */
export function offlineReasonIn(
  verdict: Pick<OfflineVerdict, 'refusal' | 'reason' | 'code' | 'memberUses' | 'shop' | 'dailyCapLimit'>,
  { t, language }: Words<MessageId>,
  zone: string,
): string | undefined {
  switch (verdict.refusal) {
    case undefined:
      return verdict.reason;
    case 'not_ours':
      return t('till.code.not-ours');
    case 'not_found':
      return t('till.offline.notInCopy', { partner: verdict.shop ?? '' });
    case 'used_up':
      return t('voucher.redeem.used-up');
    case 'expired':
      return t('voucher.redeem.expired');
    case 'inactive':
      return t('voucher.redeem.inactive');
    case 'upcoming':
      return verdict.code?.startDate
        ? t('voucher.redeem.valid-from', { date: formatDateIn(language, verdict.code.startDate, zone) })
        : t('voucher.redeem.upcoming');
    case 'member_daily_cap': {
      const limit = verdict.dailyCapLimit;
      return limit === undefined ? verdict.reason : t('till.pass.dailyCap.reached', { limit });
    }
    case 'member_limit': {
      const uses = verdict.memberUses;
      if (!uses) return verdict.reason;
      if (uses.period === 'ever' && uses.limit === 1) return t('voucher.redeem.member-limit.once');
      return t(`till.offline.memberLimit.${uses.period}`, { limit: uses.limit });
    }
    default:
      return verdict.reason;
  }
}

/** When the copy was read, as the till says it: "10:42 AM" today, "Dec 9, 10:42 AM" before. */
export function listTimeTextIn(syncedAt: string, now: Date, zone: string, language: string): string {
  const sameDay = formatDateIn('en', syncedAt, zone) === formatDateIn('en', now, zone);
  return sameDay ? formatTimeIn(language, syncedAt, zone) : formatMonthDayTimeIn(language, syncedAt, zone);
}

/** "Checked offline, list from 10:42 AM": how an offline answer says what it is based on. */
export function listFromTextIn(syncedAt: string, now: Date, zone: string, { t, language }: Words<MessageId>) {
  return t('till.offline.listFrom', { time: listTimeTextIn(syncedAt, now, zone, language) });
}

/** "2 uses left" after this till's queued ones, "Unlimited uses". */
export function offlineUsesTextIn(usesLeft: number | null, { t }: Words<MessageId>): string {
  if (usesLeft === null) return t('till.offline.unlimitedUses');
  return t('till.offline.usesLeft', { count: usesLeft });
}

/** A refusal the server sent when the queue was synced: its code's words when a loaded catalog has them. */
export function syncedReasonText(result: Pick<RedeemResult, 'reason' | 'reasonCode' | 'reasonParams'>) {
  const { reasonCode: code } = result;
  if (code && code in i18n.messages) return i18n._(code, result.reasonParams);
  return result.reason;
}
