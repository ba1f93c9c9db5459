import Box from '@mui/material/Box';
import { BrandMark } from '@/components/brand/brand-mark';
import { useVoucher } from '@/lib/vouchers-api/get-public-voucher';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { voucherView } from '../lib/voucher-view';
import { canAddToWallet } from '../lib/wallet-offer';
import { RedeemPanel } from './redeem-panel';
import { ShareButton } from './share-button';
import { VoucherPass } from './voucher-pass';
import { VoucherLoadError, VoucherNotFound, VoucherSkeleton } from './voucher-states';
import { WalletBadges } from './wallet-badges';

/** An unknown id answers 404; a malformed one 400: both mean "no such voucher" to a member. */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Public voucher page (spec section 2): opened from the QR code, typically on a phone at the till. It
 * uses no router, so a member's phone can load it without the rest of the app (see app/voucher-shell).
 */
export function VoucherPage({ id }: { id: string }) {
  const voucher = useVoucher(id);
  const view = voucher.data ? voucherView(voucher.data) : null;
  useDocumentTitle(
    view ? `Voucher — ${view.title}` : isNotFound(voucher.error) ? 'Voucher not found' : 'Voucher',
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
        <Box sx={{ mt: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {canAddToWallet(voucher.data.status) && <WalletBadges voucherId={voucher.data.id} />}
          <ShareButton link={link} />
        </Box>
      </>
    );
  } else if (voucher.isPending) {
    content = <VoucherSkeleton />;
  } else if (isNotFound(voucher.error)) {
    content = <VoucherNotFound />;
  } else {
    content = <VoucherLoadError onRetry={() => void voucher.refetch()} />;
  }

  return (
    <Box
      sx={(theme) => ({
        minHeight: '100dvh',
        backgroundColor: theme.palette.navy[900],
        backgroundImage: theme.brand.heroGradient,
        py: { xs: 2.5, sm: 5 },
      })}
    >
      {/* A Box, not MUI's Container: the voucher page's JavaScript budget (issue 28). */}
      <Box sx={{ width: '100%', maxWidth: 460, mx: 'auto', px: { xs: 2, sm: 3 }, boxSizing: 'border-box' }}>
        <Box
          sx={{ display: 'flex', justifyContent: 'center', mb: { xs: 2.5, sm: 3.5 }, color: 'common.white' }}
        >
          <BrandMark size="small" />
        </Box>
        {content}
      </Box>
    </Box>
  );
}
