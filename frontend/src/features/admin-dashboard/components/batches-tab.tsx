import type { BatchSummary } from '@avpass/contracts';
import { formatDate, formatUsage } from '@avpass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ZipButtons } from '@/features/bulk/components/zip-buttons';
import { viewerTimeZone } from '@/features/generate/lib/time-zone';
import { useAdminBatches, useBatch } from '@/features/vouchers/api';
import { StatusChip } from '@/features/vouchers/components/status-chip';
import { errorMessageOf } from '@/lib/api-client';
import { shortId } from '../lib/short-id';
import { ListState, type ListStateKind } from './list-state';
import { MobileCard } from './mobile-card';
import { Pager } from './pager';
import { TableStateRow } from './table-states';

const COLUMNS = 5;

/** Batches: each bulk batch with its size and redemptions, its codes, and a ZIP of the whole batch. */
export function BatchesTab() {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const [viewing, setViewing] = useState<BatchSummary | null>(null);
  const batches = useAdminBatches({ limit: rowsPerPage, offset: page * rowsPerPage });
  const zone = viewerTimeZone();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const items = batches.data?.items ?? [];
  const listState: ListStateKind | null = batches.isPending
    ? 'loading'
    : batches.isError && !batches.data
      ? 'error'
      : items.length === 0
        ? 'empty'
        : null;
  const emptyText = 'No batches yet. Use Bulk Generate to create many codes at once.';
  const retry = () => void batches.refetch();
  const viewButton = (batch: BatchSummary) => (
    <Button size="small" variant="outlined" onClick={() => setViewing(batch)}>
      View Codes
    </Button>
  );

  return (
    <Box>
      {compact ? (
        <Stack spacing={1.5}>
          {listState ? (
            <ListState state={listState} error={batches.error} emptyText={emptyText} onRetry={retry} />
          ) : (
            items.map((batch) => (
              <MobileCard
                key={batch.batchId}
                testId="batch-row"
                header={<Typography sx={{ fontWeight: 700 }}>{batch.batchName}</Typography>}
                fields={[
                  ['Created', formatDate(batch.createdAt, zone)],
                  ['Quantity', String(batch.count)],
                  ['Redeemed', String(batch.redeemed)],
                ]}
                actions={viewButton(batch)}
              />
            ))
          )}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Batches" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>Batch Name</TableCell>
                <TableCell>Created</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell align="right">Redeemed</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {listState ? (
                <TableStateRow
                  columns={COLUMNS}
                  state={listState}
                  error={batches.error}
                  emptyText={emptyText}
                  onRetry={retry}
                />
              ) : (
                items.map((batch) => (
                  <TableRow key={batch.batchId} hover data-testid="batch-row">
                    <TableCell sx={{ fontWeight: 600 }}>{batch.batchName}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(batch.createdAt, zone)}</TableCell>
                    <TableCell align="right">{batch.count}</TableCell>
                    <TableCell align="right">{batch.redeemed}</TableCell>
                    <TableCell align="right">{viewButton(batch)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Pager
        total={batches.data?.total ?? 0}
        page={page}
        rowsPerPage={rowsPerPage}
        onPage={setPage}
        onRowsPerPage={(rows) => {
          setRowsPerPage(rows);
          setPage(0);
        }}
      />
      <BatchCodesDialog batch={viewing} onClose={() => setViewing(null)} />
    </Box>
  );
}

function BatchCodesDialog({ batch, onClose }: { batch: BatchSummary | null; onClose: () => void }) {
  const detail = useBatch(batch?.batchId ?? null);
  const zone = viewerTimeZone();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Dialog
      open={batch !== null}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="batch-codes-title"
    >
      <DialogTitle id="batch-codes-title">
        {batch ? `${batch.batchName}: ${batch.count} codes` : 'Batch'}
      </DialogTitle>
      <DialogContent dividers>
        {batch && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Download the whole batch as one ZIP of voucher cards.
            </Typography>
            <ZipButtons source={{ batchId: batch.batchId }} size="small" />
          </Box>
        )}
        {detail.isPending ? (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', gap: 1.5, py: 4 }}>
            <CircularProgress size={24} />
            <Typography color="text.secondary">Loading codes...</Typography>
          </Box>
        ) : detail.isError ? (
          <Alert severity="error">
            {errorMessageOf(detail.error, 'The codes of this batch could not be loaded.')}
          </Alert>
        ) : (
          <Box sx={{ maxHeight: 400, overflowY: 'auto' }}>
            <Table size="small" stickyHeader aria-label="Codes in this batch">
              <TableHead>
                <TableRow>
                  <TableCell>ID</TableCell>
                  <TableCell>Usage</TableCell>
                  <TableCell>Expires</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {detail.data.qrCodes.map((code) => (
                  <TableRow key={code.id} data-testid="batch-code-row">
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={paths.voucher.getHref(code.id)}
                        target="_blank"
                        rel="noopener"
                        sx={{ fontFamily: 'monospace' }}
                      >
                        {shortId(code.id)}
                      </Link>
                    </TableCell>
                    <TableCell>{formatUsage(code.usageCount, code.usageLimit)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {code.expirationDate ? formatDate(code.expirationDate, zone) : 'Never'}
                    </TableCell>
                    <TableCell>
                      <StatusChip status={code.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
