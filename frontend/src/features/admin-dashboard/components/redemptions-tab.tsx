import { formatMonthDayTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { viewerTimeZone } from '@/features/generate/lib/time-zone';
import { useAdminRedemptions } from '@/features/vouchers/api';
import { shortDevice, shortId } from '../lib/short-id';
import { TableStateRow } from './table-states';

const COLUMNS = 5;

/** Recent Redemptions: newest first, polled every 15 s (spec section 9). */
export function RedemptionsTab() {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const redemptions = useAdminRedemptions({ limit: rowsPerPage, offset: page * rowsPerPage });
  const zone = viewerTimeZone();

  return (
    <Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Recent redemptions" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>QR Code</TableCell>
              <TableCell>Facility</TableCell>
              <TableCell>Redeemed By</TableCell>
              <TableCell>Device</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {redemptions.isPending ? (
              <TableStateRow columns={COLUMNS} state="loading" />
            ) : redemptions.isError && !redemptions.data ? (
              <TableStateRow
                columns={COLUMNS}
                state="error"
                error={redemptions.error}
                onRetry={() => void redemptions.refetch()}
              />
            ) : redemptions.data.items.length === 0 ? (
              <TableStateRow
                columns={COLUMNS}
                state="empty"
                emptyText="No redemptions yet. They appear here as members use their vouchers."
              />
            ) : (
              redemptions.data.items.map((row) => (
                <TableRow key={row.id} hover data-testid="redemption-row" data-qr-code-id={row.qrCodeId}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatMonthDayTime(row.redeemedAt, zone)}
                  </TableCell>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={paths.voucher.getHref(row.qrCodeId)}
                      sx={{ fontFamily: 'monospace' }}
                    >
                      {shortId(row.qrCodeId)}
                    </Link>
                  </TableCell>
                  <TableCell>{row.facility}</TableCell>
                  <TableCell>{row.redeemedBy || 'Store Scanner'}</TableCell>
                  <TableCell title={row.deviceInfo ?? row.userAgent ?? undefined}>
                    {shortDevice(row.deviceInfo ?? row.userAgent)}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={redemptions.data?.total ?? 0}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[10, 25, 50]}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}
