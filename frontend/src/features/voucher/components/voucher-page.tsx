import { useVoucher } from '@/lib/vouchers-api/get-public-voucher';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useWords } from '@/i18n/i18n';
import { LanguageSwitch } from '@/i18n/language-switch';
import { ensureVoucherPageStyle } from '../lib/voucher-page-style';
import { voucherView } from '../lib/voucher-view';
import { canAddToWallet } from '../lib/wallet-offer';
import { RedeemPanel } from './redeem-panel';
import { ShareButton } from './share-button';
import { VoucherPass } from './voucher-pass';
import { VoucherLoadError, VoucherNotFound, VoucherSkeleton } from './voucher-states';
import { WalletBadges } from './wallet-badges';

/** The switch under the pass, on the navy page. */
const SWITCH = { justifyContent: 'center', margin: '20px 0 8px', color: '#fff' } as const;

/** The brand's name and mark: the same in every language. */
const BRAND_NAME = 'AV Pass';
const BRAND_MARK = 'AV';

// The page's CSS, before its first render (the first HTML's copy, when there, is kept).
ensureVoucherPageStyle();

/** An unknown id answers 404; a malformed one 400: both mean "no such voucher" to a member. */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Public voucher page (spec section 2): opened from the QR code, typically on a phone at the till. It
 * uses no router, MUI or Emotion, so a member's phone loads it without the rest of the app (see
 * app/voucher-shell): plain elements with the classes of the gateway's first HTML.
 */
export function VoucherPage({ id }: { id: string }) {
  const voucher = useVoucher(id);
  const words = useWords();
  const { t } = words;
  const view = voucher.data ? voucherView(voucher.data, words) : null;
  useDocumentTitle(
    view
      ? t('voucher.title.document', { title: view.title })
      : t(isNotFound(voucher.error) ? 'voucher.title.notFound' : 'voucher.title.plain'),
  );

  let content;
  if (voucher.data && view) {
    const link = {
      title: view.title,
      text: `${view.title}: ${view.discountText} (${view.serviceText})`,
      url: voucher.data.qrUrl,
    };
    content = (
      <>
        <VoucherPass
          voucher={voucher.data}
          view={view}
          action={<RedeemPanel voucher={voucher.data} view={view} />}
        />
        {/* Below the pass: the badges appearing when the gateway answers move nothing above them. */}
        <div className="vs-below-js">
          {canAddToWallet(voucher.data.status) && <WalletBadges voucherId={voucher.data.id} />}
          <ShareButton link={link} />
        </div>
      </>
    );
  } else if (voucher.isPending) {
    content = <VoucherSkeleton />;
  } else if (isNotFound(voucher.error)) {
    content = <VoucherNotFound />;
  } else {
    content = <VoucherLoadError onRetry={() => void voucher.refetch()} />;
  }

  // The first HTML's page, column and brand row (plain CSS, no MUI: decision 304).
  return (
    <div className="vs">
      <div className="vs-col">
        <div className="vs-brand">
          <span className="vs-mark" aria-hidden="true">
            {BRAND_MARK}
          </span>
          <span>{BRAND_NAME}</span>
        </div>
        {content}
        {/* Last, so nothing the first HTML drew moves when it appears. */}
        <LanguageSwitch style={SWITCH} />
      </div>
    </div>
  );
}
