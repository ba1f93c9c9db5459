import { formatMonthDayTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { viewerTimeZone } from '@/features/generate/lib/time-zone';
import { useAdminRedemptions } from '@/features/vouchers/api';
import { shortDevice, shortId } from '../lib/short-id';
import { ListState, type ListStateKind } from './list-state';
import { MobileCard } from './mobile-card';
import { Pager } from './pager';
import { TableStateRow } from './table-states';

const COLUMNS = 5;

/** Recent Redemptions: newest first, polled every 15 s (spec section 9). */
export function RedemptionsTab() {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const redemptions = useAdminRedemptions({ limit: rowsPerPage, offset: page * rowsPerPage });
  const zone = viewerTimeZone();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const items = redemptions.data?.items ?? [];
  const listState: ListStateKind | null = redemptions.isPending
    ? 'loading'
    : redemptions.isError && !redemptions.data
      ? 'error'
      : items.length === 0
        ? 'empty'
        : null;
  const emptyText = 'No redemptions yet. They appear here as members use their vouchers.';
  const retry = () => void redemptions.refetch();
  const codeLink = (qrCodeId: string) => (
    <Link component={RouterLink} to={paths.voucher.getHref(qrCodeId)} sx={{ fontFamily: 'monospace' }}>
      {shortId(qrCodeId)}
    </Link>
  );

  return (
    <Box>
      {compact ? (
        <Stack spacing={1.5}>
          {listState ? (
            <ListState state={listState} error={redemptions.error} emptyText={emptyText} onRetry={retry} />
          ) : (
            items.map((row) => (
              <MobileCard
                key={row.id}
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
            ))
          )}
        </Stack>
      ) : (
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
              {listState ? (
                <TableStateRow
                  columns={COLUMNS}
                  state={listState}
                  error={redemptions.error}
                  emptyText={emptyText}
                  onRetry={retry}
                />
              ) : (
                items.map((row) => (
                  <TableRow key={row.id} hover data-testid="redemption-row" data-qr-code-id={row.qrCodeId}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatMonthDayTime(row.redeemedAt, zone)}
                    </TableCell>
                    <TableCell>{codeLink(row.qrCodeId)}</TableCell>
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
      )}
      <Pager
        total={redemptions.data?.total ?? 0}
        page={page}
        rowsPerPage={rowsPerPage}
        onPage={setPage}
        onRowsPerPage={(rows) => {
          setRowsPerPage(rows);
          setPage(0);
        }}
      />
    </Box>
  );
}
