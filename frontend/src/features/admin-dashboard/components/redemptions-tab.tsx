import { REDEMPTION_STATUSES } from '@avpass/contracts/words';
import { formatMonthDayTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import {
  CancelRedemptionButton,
  useCancelRedemptionDialog,
} from '@/components/vouchers/cancel-redemption-dialog';
import { RedeemedBy, RedemptionStatusBadge, redemptionWhere } from '@/components/vouchers/redemption-status';
import { paths } from '@/config/paths';
import { useTableState } from '@/lib/table-state';
import { viewerTimeZone } from '@/lib/time-zone';
import { useAdminRedemptions } from '@/lib/vouchers-api';
import { shortId } from '@/lib/code-display';
import { shortDevice } from '../lib/short-device';
import { MobileCard } from '@/components/data-display/mobile-card';

const REDEMPTION_STATUS_LABELS = { completed: 'Completed', cancelled: 'Cancelled' } as const;

/**
 * Recent Redemptions: newest first (or oldest, by the Time header), searched and filtered by status
 * and partner on the server, the view in the URL (issue 27), polled every 15 s (spec section 9);
 * where (the partner) and by whom (staff at the till, or the member), Cancelled with its reason, and
 * Cancel while the server allows it.
 */
export function RedemptionsTab() {
  const table = useTableState({
    sorts: ['redeemedAt'] as const,
    defaultSort: { key: 'redeemedAt', order: 'desc' },
    statuses: REDEMPTION_STATUSES,
    pageSize: 25,
  });
  const paging = table.paging;
  const redemptions = useAdminRedemptions(table.query);
  const zone = viewerTimeZone();
  const cancelDialog = useCancelRedemptionDialog();
  const codeLink = (qrCodeId: string) => (
    <Link component={RouterLink} to={paths.voucher.getHref(qrCodeId)} sx={{ fontFamily: 'monospace' }}>
      {shortId(qrCodeId)}
    </Link>
  );

  return (
    <Box>
      <TableToolbar
        table={table}
        label="Search and filter the redemptions"
        search={{ label: 'Search redemptions', placeholder: 'Partner, service or code ID', maxLength: 100 }}
        statusLabels={REDEMPTION_STATUS_LABELS}
        partner={{ testId: 'redemptions-partner-filter' }}
      />
      <ResponsivePagedList
        query={redemptions}
        paging={paging}
        label="Recent redemptions"
        minWidth={980}
        sort={{ ...table.sort, onSort: () => table.toggleSort('redeemedAt') }}
        columns={[
          { label: 'Time', sortKey: 'redeemedAt' },
          'QR Code',
          'Facility',
          'Redeemed At',
          'Redeemed By',
          'Status',
          'Device',
          { label: 'Actions', align: 'right', sticky: true },
        ]}
        emptyText={
          table.filtered
            ? 'No redemptions match this search and these filters.'
            : 'No redemptions yet. They appear here as members use their vouchers.'
        }
        itemKey={(row) => row.id}
        renderCard={(row) => (
          <MobileCard
            testId="redemption-row"
            dataAttributes={{ 'data-qr-code-id': row.qrCodeId, 'data-redemption-id': row.id }}
            header={
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{row.facility}</Typography>
                {codeLink(row.qrCodeId)}
              </Box>
            }
            fields={[
              ['Time', formatMonthDayTime(row.redeemedAt, zone)],
              ['Redeemed At', redemptionWhere(row)],
              ['Redeemed By', <RedeemedBy key="by" redemption={row} />],
              ['Status', <RedemptionStatusBadge key="status" redemption={row} />],
              ['Device', shortDevice(row.deviceInfo ?? row.userAgent)],
            ]}
            actions={
              row.cancellable ? (
                <CancelRedemptionButton redemption={row} onCancel={cancelDialog.openFor} />
              ) : undefined
            }
          />
        )}
        renderRow={(row) => (
          <TableRow
            hover
            data-testid="redemption-row"
            data-qr-code-id={row.qrCodeId}
            data-redemption-id={row.id}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonthDayTime(row.redeemedAt, zone)}</TableCell>
            <TableCell>{codeLink(row.qrCodeId)}</TableCell>
            <TableCell>{row.facility}</TableCell>
            <TableCell>{redemptionWhere(row)}</TableCell>
            <TableCell>
              <RedeemedBy redemption={row} />
            </TableCell>
            <TableCell>
              <RedemptionStatusBadge redemption={row} />
            </TableCell>
            <TableCell title={row.deviceInfo ?? row.userAgent ?? undefined}>
              {shortDevice(row.deviceInfo ?? row.userAgent)}
            </TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              {row.cancellable && <CancelRedemptionButton redemption={row} onCancel={cancelDialog.openFor} />}
            </TableCell>
          </TableRow>
        )}
      />
      {cancelDialog.dialog}
    </Box>
  );
}
