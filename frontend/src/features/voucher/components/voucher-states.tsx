import { VOUCHER_NOT_FOUND } from '@avpass/contracts/redeem-refusals';
import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { StatusPanel } from '@/components/feedback/status-panel';
import { paths } from '@/config/paths';

/** The pass's outline while the voucher loads (announced to screen readers). */
export function VoucherSkeleton() {
  return (
    <Card
      data-testid="voucher-loading"
      role="status"
      aria-live="polite"
      aria-label="Loading voucher"
      sx={{ border: 'none' }}
    >
      <Box sx={(theme) => ({ p: 3, backgroundImage: theme.brand.ctaGradient })}>
        <Skeleton variant="rounded" width={76} height={76} sx={{ bgcolor: 'rgba(255,255,255,0.14)' }} />
        <Skeleton width="70%" height={44} sx={{ mt: 2, bgcolor: 'rgba(255,255,255,0.14)' }} />
        <Skeleton width="40%" sx={{ bgcolor: 'rgba(255,255,255,0.14)' }} />
        <Skeleton
          variant="rounded"
          width={140}
          height={44}
          sx={{ mt: 2, borderRadius: 999, bgcolor: 'rgba(255,255,255,0.14)' }}
        />
      </Box>
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Skeleton width="30%" />
        <Skeleton width="80%" height={28} />
        <Skeleton variant="rounded" height={60} sx={{ mt: 2, borderRadius: 3 }} />
      </Box>
    </Card>
  );
}

export function VoucherNotFound() {
  return (
    <StatusPanel
      testId="voucher-not-found"
      tone="error"
      icon={<SearchOffRoundedIcon />}
      title={VOUCHER_NOT_FOUND.title}
      description={VOUCHER_NOT_FOUND.description}
      action={
        // A plain link: the voucher page runs without the app's router on a member's phone.
        <Button href={paths.landing.getHref()} variant="outlined">
          {VOUCHER_NOT_FOUND.action}
        </Button>
      }
    />
  );
}

/** The voucher could not be loaded for another reason (no connection, server down): offer a retry. */
export function VoucherLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <StatusPanel
      testId="voucher-load-error"
      tone="error"
      icon={<CloudOffRoundedIcon />}
      title="Could not load this voucher"
      description="Check your connection and try again."
      action={
        <Button variant="contained" onClick={onRetry} size="large">
          Try again
        </Button>
      }
    />
  );
}
