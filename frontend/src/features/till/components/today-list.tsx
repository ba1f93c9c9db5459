import type { TillRecentItem } from '@avpass/contracts';
import { formatCents, formatMonthDayTime } from '@avpass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { viewerTimeZone } from '@/lib/time-zone';
import { useTillRecent } from '../api/get-till-recent';
import { UndoRedemptionButton } from './undo-redemption';

function Row({ item, showPartner }: { item: TillRecentItem; showPartner: boolean }) {
  const cancelled = item.status === 'cancelled';
  const details = [
    formatMonthDayTime(item.redeemedAt, viewerTimeZone()),
    item.redeemedBy,
    showPartner ? item.partnerName : null,
    item.transactionAmount !== null ? `Sale ${formatCents(item.transactionAmount)}` : null,
    item.discountApplied !== null ? `Discount ${formatCents(item.discountApplied)}` : null,
  ].filter(Boolean);
  return (
    <Box
      component="li"
      data-testid="till-recent-row"
      data-status={item.status}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderTop: `1px solid ${theme.palette.divider}`,
        '&:first-of-type': { borderTop: 'none' },
      })}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
            {item.reference}
          </Box>
          {item.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {details.join(' · ')}
        </Typography>
        {cancelled && (
          <Typography
            variant="body2"
            sx={{ color: 'error.dark', fontWeight: 600 }}
            data-testid="till-recent-cancelled"
          >
            Cancelled{item.cancelledBy ? ` by ${item.cancelledBy}` : ''}
            {item.cancelReason ? `: ${item.cancelReason}` : ''}
          </Typography>
        )}
      </Box>
      {!cancelled && item.cancellable && <UndoRedemptionButton redemption={item} size="small" />}
    </Box>
  );
}

/** "Today at this till": the redemptions made here today, newest first, each with Undo while it may be. */
export function TodayList({ allTills }: { allTills: boolean }) {
  const recent = useTillRecent();
  const items = recent.data?.items ?? [];
  return (
    <Card component="section" aria-labelledby="till-today-title" data-testid="till-today" sx={{ p: 2 }}>
      <Typography id="till-today-title" variant="h6" component="h2">
        {allTills ? 'Today at every till' : 'Today at this till'}
      </Typography>
      {recent.isPending ? (
        <Box sx={{ mt: 1 }}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      ) : recent.isError ? (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" onClick={() => void recent.refetch()}>
              Retry
            </Button>
          }
        >
          Today&apos;s redemptions could not be loaded.
        </Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No redemptions yet today.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 0.5 }}>
          {items.map((item) => (
            <Row key={item.id} item={item} showPartner={allTills} />
          ))}
        </Box>
      )}
    </Card>
  );
}
