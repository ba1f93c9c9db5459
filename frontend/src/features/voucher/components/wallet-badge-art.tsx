import { useT } from '@/i18n/i18n';
/*
 * The two wallet badges, drawn inline (a few hundred bytes each: the voucher page's JavaScript budget
 * allows no image files or icon packages). They follow the look and proportions of Apple's "Add to
 * Apple Wallet" badge and Google's wallet button: black, a light hairline border, the wallet's mark on
 * the left and the words on the right. Their colours are the artwork's own, not the club's theme.
 * Decorative: the link or button around each carries the accessible name.
 */

const APPLE_FONT = '-apple-system, "SF Pro Text", "Helvetica Neue", Helvetica, Arial, sans-serif';
const GOOGLE_FONT = '"Google Sans", Roboto, "Helvetica Neue", Arial, sans-serif';
/** Words drawn to a fixed length (glyphs scaled): the badge keeps its proportions whatever font the phone has. */
const FIT = 'spacingAndGlyphs';

/** Apple's badge: 111 × 35 units, shown 40 px tall on a phone (Apple asks for at least 30). */
export function AppleWalletArt({ height }: { height: number }) {
  const t = useT();
  return (
    <svg viewBox="0 0 111 35" height={height} width={(height * 111) / 35} aria-hidden focusable="false">
      <rect x="0.5" y="0.5" width="110" height="34" rx="5.5" fill="#000" stroke="#a6a6a6" />
      <g transform="translate(7.5 9)">
        <rect width="22" height="17" rx="3.5" fill="#dedbce" />
        <rect x="1.5" y="1.5" width="19" height="7" rx="1.5" fill="#2aa6df" />
        <rect x="1.5" y="3.6" width="19" height="7" rx="1.5" fill="#ffb003" />
        <rect x="1.5" y="5.7" width="19" height="7" rx="1.5" fill="#40c740" />
        <rect x="1.5" y="7.8" width="19" height="7" rx="1.5" fill="#f26d5f" />
        <path d="M1.5 10.4H6c1.6 0 2.2 2.6 5 2.6s3.4-2.6 5-2.6h4.5v5.1H1.5z" fill="#dedbce" />
      </g>
      {/* One text, its two lines as spans: read as "Add to Apple Wallet", the link's own name. */}
      <text fill="#fff" fontFamily={APPLE_FONT}>
        <tspan x="36" y="14.6" fontSize="7.6" fontWeight="500" textLength="21" lengthAdjust={FIT}>
          {t('voucher.wallet.artAddTo')}
        </tspan>{' '}
        <tspan x="35.6" y="27.2" fontSize="12.6" fontWeight="600" textLength="67" lengthAdjust={FIT}>
          {APPLE_WALLET}
        </tspan>
      </text>
    </svg>
  );
}

/** Apple's product name: the same in every language. */
const APPLE_WALLET = 'Apple Wallet';

/** Google's button: 216 × 48 units, shown 48 px tall (Google's minimum). */
export function GoogleWalletArt({ height }: { height: number }) {
  const t = useT();
  return (
    <svg viewBox="0 0 216 48" height={height} width={(height * 216) / 48} aria-hidden focusable="false">
      <rect x="0.5" y="0.5" width="215" height="47" rx="23.5" fill="#000" stroke="#747775" />
      <g transform="translate(16 12)">
        <rect x="1" y="1.5" width="22" height="10" rx="2.6" fill="#34a853" />
        <rect x="1" y="4.5" width="22" height="10" rx="2.6" fill="#fbbc04" />
        <rect x="1" y="7.5" width="22" height="10" rx="2.6" fill="#ea4335" />
        <path
          d="M1 11.2h5.6c2.2 0 3 3.1 5.4 3.1s3.2-3.1 5.4-3.1H23v8.2a2.6 2.6 0 0 1-2.6 2.6H3.6A2.6 2.6 0 0 1 1 19.4z"
          fill="#4285f4"
        />
      </g>
      <text
        x="50"
        y="29.3"
        fill="#fff"
        fontFamily={GOOGLE_FONT}
        fontSize="14.5"
        fontWeight="500"
        textLength="150"
        lengthAdjust={FIT}
      >
        {t('voucher.wallet.google')}
      </text>
    </svg>
  );
}
