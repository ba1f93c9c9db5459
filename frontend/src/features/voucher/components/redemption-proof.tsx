import type { PublicVoucher } from '@avpass/contracts';
import { redeemedTextIn, type Words } from '@avpass/contracts/i18n/voucher-words';
import { formatDateTimeIn } from '@avpass/domain';
import { useWords } from '@/i18n/i18n';
import { VoucherIcon } from './voucher-icon';

// Instants in the viewer's zone, as on every screen (the phone is at the till, in the shop's zone);
// read here rather than from lib/time-zone, which would be one more script for the phone to fetch.
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The server's record of the latest use in words, or null. Asked for the viewer's zone only when there
 * is a record: a phone's first Intl call loads ICU's data, 60-90 ms of a low-tier phone's CPU before
 * Redeem works, for a voucher never used (issue 40).
 */
function lastRedemptionText(voucher: PublicVoucher, words: Words): string | null {
  return voucher.lastRedemption ? redeemedTextIn(voucher.lastRedemption, words, viewerZone()) : null;
}

/** "Redeemed at Sports Shop on Mar 8, 2026 3:05 PM." for a used-up voucher's notice, or null (no record). */
export function usedUpText(voucher: PublicVoucher, words: Words): string | null {
  const text = lastRedemptionText(voucher, words);
  return text ? `${text}.` : null;
}

/**
 * "Redeemed at {shop} on {date, time}" from the server's record of the latest use, so the proof is
 * still there after a reload (issue 24). Just after a redeem on this phone it is the confirmation the
 * cashier reads; `redeemedHereAt` stands in only when the server's answer has no record (an older one).
 */
export function RedemptionProof({
  voucher,
  redeemedHereAt,
}: {
  voucher: PublicVoucher;
  redeemedHereAt: Date | null;
}) {
  const words = useWords();
  const justNow = redeemedHereAt !== null;
  // A used-up voucher says it in its "Fully redeemed" notice, with this sentence (usedUpText).
  if (!justNow && voucher.status === 'used_up') return null;
  const text =
    lastRedemptionText(voucher, words) ??
    (redeemedHereAt
      ? words.t('voucher.redeemed.on', {
          when: formatDateTimeIn(words.language, redeemedHereAt, viewerZone()),
        })
      : null);
  if (!text) return null;
  return (
    <div
      className="vs-alert vs-alert-success"
      data-testid={justNow ? 'redeem-confirmation' : 'voucher-last-redemption'}
      role="status"
    >
      <VoucherIcon name="check" />
      <div>
        <strong data-testid="voucher-redeemed-at">{text}</strong>
        {justNow && words.t('voucher.redeemed.showStaff')}
      </div>
    </div>
  );
}
