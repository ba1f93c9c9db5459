import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
import { formatMonthDayTimeIn, formatUsage } from '@avpass/domain';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { paths } from '@/config/paths';
import { useRecentQrCodes } from '@/lib/vouchers-api';
import { StatusChip } from '@/components/vouchers/status-chip';
import { viewerTimeZone } from '@/lib/time-zone';
import { useWords } from '@/i18n/i18n';

/** Spec section 9: the recent list shows 5 codes. */
const SHOWN = 5;

/** The five newest codes (GET /api/qr-codes, polled every 8 s), each opening its voucher page. */
export function RecentCodesCard({ title }: { title?: string }) {
  const recent = useRecentQrCodes();
  const words = useWords();
  const { t, language } = words;
  const zone = viewerTimeZone();

  return (
    <Card data-testid="recent-codes">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <HistoryRoundedIcon color="action" aria-hidden />
          <Typography variant="h6" component="h2">
            {title ?? t('staff.codes.recent')}
          </Typography>
        </Box>
        {recent.isPending ? (
          <Box aria-label={t('staff.codes.recentLoading')} role="status">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        ) : recent.isError ? (
          <LoadErrorAlert
            error={recent.error}
            onRetry={() => void recent.refetch()}
            fallback={t('staff.codes.recentFailed')}
          />
        ) : recent.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {t('staff.codes.recentEmpty')}
          </Typography>
        ) : (
          <List disablePadding>
            {recent.data.slice(0, SHOWN).map((code) => (
              <ListItem key={code.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={paths.voucher.getHref(code.id)}
                  sx={{ borderRadius: 2, gap: 1.5 }}
                >
                  <ListItemText
                    primary={code.customTitle || code.clinicName}
                    secondary={`${discountTextIn(words, code.discountType, code.discountValue)} · ${code.service} · ${formatUsage(code.usageCount, code.usageLimit)} · ${formatMonthDayTimeIn(language, code.createdAt, zone)}`}
                    // The title keeps to one line; the facts wrap (a phone, a long language), never "…".
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
                    sx={{ minWidth: 0 }}
                  />
                  <StatusChip status={code.status} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
