import { formatMonthDayTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { usePaging } from '@/components/data-display/pager';
import { ResponsivePagedList } from '@/components/data-display/responsive-paged-list';
import { paths } from '@/config/paths';
import { viewerTimeZone } from '@/lib/time-zone';
import { useAdminRedemptions } from '@/lib/vouchers-api';
import { shortDevice, shortId } from '../lib/short-id';
import { MobileCard } from './mobile-card';

/** Recent Redemptions: newest first, polled every 15 s (spec section 9). */
export function RedemptionsTab() {
  const paging = usePaging(25);
  const redemptions = useAdminRedemptions({ limit: paging.limit, offset: paging.offset });
  const zone = viewerTimeZone();
  const codeLink = (qrCodeId: string) => (
    <Link component={RouterLink} to={paths.voucher.getHref(qrCodeId)} sx={{ fontFamily: 'monospace' }}>
      {shortId(qrCodeId)}
    </Link>
  );

  return (
    <Box>
      <ResponsivePagedList
        query={redemptions}
        paging={paging}
        label="Recent redemptions"
        minWidth={640}
        columns={['Time', 'QR Code', 'Facility', 'Redeemed By', 'Device']}
        emptyText="No redemptions yet. They appear here as members use their vouchers."
        itemKey={(row) => row.id}
        renderCard={(row) => (
          <MobileCard
            testId="redemption-row"
            dataAttributes={{ 'data-qr-code-id': row.qrCodeId }}
            header={
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{row.facility}</Typography>
                {codeLink(row.qrCodeId)}
              </Box>
            }
            fields={[
              ['Time', formatMonthDayTime(row.redeemedAt, zone)],
              ['Redeemed By', row.redeemedBy || 'Store Scanner'],
              ['Device', shortDevice(row.deviceInfo ?? row.userAgent)],
            ]}
          />
        )}
        renderRow={(row) => (
          <TableRow hover data-testid="redemption-row" data-qr-code-id={row.qrCodeId}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonthDayTime(row.redeemedAt, zone)}</TableCell>
            <TableCell>{codeLink(row.qrCodeId)}</TableCell>
            <TableCell>{row.facility}</TableCell>
            <TableCell>{row.redeemedBy || 'Store Scanner'}</TableCell>
            <TableCell title={row.deviceInfo ?? row.userAgent ?? undefined}>
              {shortDevice(row.deviceInfo ?? row.userAgent)}
            </TableCell>
          </TableRow>
        )}
      />
    </Box>
  );
}
