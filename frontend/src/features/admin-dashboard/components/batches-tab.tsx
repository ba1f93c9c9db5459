import type { BatchSummary } from '@avpass/contracts';
import { BATCH_SORT_DEFAULT_ORDER, BATCH_SORTS, DEFAULT_CARD_LANGUAGE } from '@avpass/contracts/words';
import { formatDateIn, formatNumberIn, formatUsage } from '@avpass/domain';
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
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ResponsivePagedList } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import { ZipButtons } from '@/components/downloads';
import { SendToMembersButton } from '@/components/members/send-to-members-button';
import { useTableState } from '@/lib/table-state';
import { viewerTimeZone } from '@/lib/time-zone';
import { useAdminBatches, useBatch } from '@/lib/vouchers-api';
import { StatusChip } from '@/components/vouchers/status-chip';
import { apiErrorText } from '@/i18n/api-error-text';
import { useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { shortId } from '@/lib/code-display';
import { BulkAssignDialog, type BulkAssignTarget } from './bulk-assign-dialog';
import { MobileCard } from '@/components/data-display/mobile-card';

/** The sort field's choices (a phone has no headers to press). */
const BATCH_SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'dashboard.sort.newest' },
  { key: 'createdAt', order: 'asc', label: 'dashboard.sort.oldest' },
  { key: 'name', order: 'asc', label: 'dashboard.sort.nameAsc' },
  { key: 'name', order: 'desc', label: 'dashboard.sort.nameDesc' },
  { key: 'count', order: 'desc', label: 'dashboard.sort.largest' },
  { key: 'count', order: 'asc', label: 'dashboard.sort.smallest' },
] as const satisfies ReadonlyArray<{ key: string; order: string; label: MessageId }>;

/**
 * Batches: each bulk batch with its size and redemptions, its codes, and a ZIP of the whole batch;
 * searched by name and sorted on the server, the view kept in the URL (issue 27). Batches have no
 * status and no partner to filter by.
 */
export function BatchesTab() {
  const table = useTableState({
    sorts: BATCH_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: BATCH_SORT_DEFAULT_ORDER,
    pageSize: 10,
  });
  const paging = table.paging;
  const [viewing, setViewing] = useState<BatchSummary | null>(null);
  const [assigning, setAssigning] = useState<BulkAssignTarget | null>(null);
  const batches = useAdminBatches(table.query);
  const zone = viewerTimeZone();
  const { t, language } = useWords();
  const number = (value: number) => formatNumberIn(language, value);
  // The language its printed cards speak (decision 359); a batch from before it prints in English.
  const cardLanguage = (batch: BatchSummary) =>
    t(`dashboard.batches.language.${batch.cardLanguage ?? DEFAULT_CARD_LANGUAGE}`);
  const viewButton = (batch: BatchSummary) => (
    <Box sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button size="small" variant="outlined" onClick={() => setViewing(batch)}>
        {t('dashboard.batches.view')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        onClick={() =>
          setAssigning({
            kind: 'batch',
            batchId: batch.batchId,
            batchName: batch.batchName,
            count: batch.count,
          })
        }
        aria-label={t('dashboard.batches.assignOf', { name: batch.batchName })}
        data-testid="assign-batch"
      >
        {t('dashboard.batches.assign')}
      </Button>
    </Box>
  );

  return (
    <Box>
      <TableToolbar
        table={table}
        label={t('dashboard.batches.toolbar')}
        search={{
          label: t('dashboard.batches.search'),
          placeholder: t('dashboard.batches.searchHint'),
          width: 300,
        }}
        sortChoices={BATCH_SORT_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }))}
      />
      <ResponsivePagedList
        query={batches}
        paging={paging}
        label={t('dashboard.tab.batches')}
        minWidth={840}
        sort={{ ...table.sort, onSort: (key) => table.toggleSort(key as (typeof BATCH_SORTS)[number]) }}
        columns={[
          { label: t('dashboard.batches.name'), sortKey: 'name' },
          { label: t('dashboard.batches.created'), sortKey: 'createdAt' },
          { label: t('dashboard.batches.language') },
          { label: t('dashboard.batches.quantity'), align: 'right', sortKey: 'count' },
          { label: t('dashboard.batches.redeemed'), align: 'right' },
          { label: t('dashboard.batches.actions'), align: 'right' },
        ]}
        emptyText={
          table.search
            ? t('dashboard.batches.noMatch', { search: table.search })
            : t('dashboard.batches.empty')
        }
        itemKey={(batch) => batch.batchId}
        renderCard={(batch) => (
          <MobileCard
            testId="batch-row"
            header={<Typography sx={{ fontWeight: 700 }}>{batch.batchName}</Typography>}
            fields={[
              [t('dashboard.batches.created'), formatDateIn(language, batch.createdAt, zone)],
              [t('dashboard.batches.language'), cardLanguage(batch)],
              [t('dashboard.batches.quantity'), number(batch.count)],
              [t('dashboard.batches.redeemed'), number(batch.redeemed)],
            ]}
            actions={viewButton(batch)}
          />
        )}
        renderRow={(batch) => (
          <TableRow hover data-testid="batch-row">
            <TableCell sx={{ fontWeight: 600 }}>{batch.batchName}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateIn(language, batch.createdAt, zone)}
            </TableCell>
            <TableCell data-testid="batch-card-language">{cardLanguage(batch)}</TableCell>
            <TableCell align="right">{number(batch.count)}</TableCell>
            <TableCell align="right">{number(batch.redeemed)}</TableCell>
            <TableCell align="right">{viewButton(batch)}</TableCell>
          </TableRow>
        )}
      />
      <BatchCodesDialog batch={viewing} onClose={() => setViewing(null)} />
      <BulkAssignDialog target={assigning} onClose={() => setAssigning(null)} />
    </Box>
  );
}

function BatchCodesDialog({ batch, onClose }: { batch: BatchSummary | null; onClose: () => void }) {
  const detail = useBatch(batch?.batchId ?? null);
  const zone = viewerTimeZone();
  const { t, language } = useWords();
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
        {batch
          ? t('dashboard.batches.dialogTitle', { name: batch.batchName, count: batch.count })
          : t('dashboard.batches.dialogNone')}
      </DialogTitle>
      <DialogContent dividers>
        {batch && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('dashboard.batches.zipText')}
            </Typography>
            <ZipButtons source={{ batchId: batch.batchId }} size="small" sheets />
            <Box sx={{ mt: 1.5 }}>
              <SendToMembersButton
                source={{ batchId: batch.batchId }}
                what={t('dashboard.batches.what', { name: batch.batchName })}
              />
            </Box>
          </Box>
        )}
        {detail.isPending ? (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', gap: 1.5, py: 4 }}>
            <CircularProgress size={24} />
            <Typography color="text.secondary">{t('dashboard.batches.loading')}</Typography>
          </Box>
        ) : detail.isError ? (
          <Alert severity="error">{apiErrorText(detail.error, t('dashboard.batches.loadFailed'))}</Alert>
        ) : (
          <Box sx={{ maxHeight: 400, overflowY: 'auto' }}>
            {detail.data.qrCodes.length < detail.data.count && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ mb: 1 }}
                data-testid="batch-codes-shown"
              >
                {t('dashboard.batches.shown', {
                  shown: formatNumberIn(language, detail.data.qrCodes.length),
                  count: formatNumberIn(language, detail.data.count),
                })}
              </Typography>
            )}
            <Table size="small" stickyHeader aria-label={t('dashboard.batches.codes')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('dashboard.batches.id')}</TableCell>
                  <TableCell>{t('dashboard.batches.usage')}</TableCell>
                  <TableCell>{t('dashboard.batches.expires')}</TableCell>
                  <TableCell>{t('dashboard.batches.status')}</TableCell>
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
                      {code.expirationDate
                        ? formatDateIn(language, code.expirationDate, zone)
                        : t('dashboard.batches.never')}
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
        <Button onClick={onClose}>{t('dashboard.batches.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
