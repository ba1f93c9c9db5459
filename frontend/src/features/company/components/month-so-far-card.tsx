import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { formatCents } from '@avpass/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { IconTile } from '@/components/data-display/stat-card';
import { paths } from '@/config/paths';
import { businessToday, monthName, monthSoFar, netWords, useStatementPreview } from '@/lib/statements-api';

/** This month so far: the running net of the business month's first day through today (issue 39). */
export function MonthSoFarCard() {
  const range = useMemo(() => monthSoFar(businessToday()), []);
  const preview = useStatementPreview(range);
  const totals = preview.data?.totals;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="month-so-far-title"
      data-testid="month-so-far"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <IconTile icon={<ReceiptLongOutlinedIcon />} hideOnPhone />
      <Box sx={{ minWidth: 0 }}>
        <Typography id="month-so-far-title" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          This month so far · {monthName(range.from.slice(0, 7))}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800, mt: 0.5 }}>
          {totals ? (
            netWords(totals.netCents)
          ) : preview.isError ? (
            '—'
          ) : (
            <Skeleton width={200} role="status" aria-label="Loading this month's figure" />
          )}
        </Typography>
        {totals && (
          <Typography variant="body2" color="text.secondary">
            The club owes {formatCents(totals.clubOwesCents)}; you owe {formatCents(totals.partnerOwesCents)}.
          </Typography>
        )}
        <Link
          component={RouterLink}
          to={paths.statements.path}
          variant="body2"
          sx={{ mt: 0.5, display: 'inline-block' }}
        >
          Your statements
        </Link>
      </Box>
    </Paper>
  );
}
