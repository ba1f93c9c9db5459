import type { CreditTransaction } from '@avpass/contracts';
import { formatMonthDayTime } from '@avpass/domain';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/time-zone';
import { useLedger } from '../api/get-ledger';
import { exportLedgerCsv } from '../lib/export-ledger';
import { Money, RowCard, TransactionCardHeader, TransactionStatusChip, voidedSx } from './credit-bits';
import { TRANSACTION_STATUS_LABELS, useLedgerTable } from './credit-table';
import { SearchToolbar } from './search-field';
import { CATEGORY_LABELS, TYPE_LABELS } from './transaction-fields';
import { VoidDialog } from './void-dialog';

/**
 * Transaction Ledger: every transaction, newest first (or oldest, by the Date header), filtered by status
 * and partner on the server, the view in the URL (issue 27); voided rows dimmed without a void button;
 * CSV export of that view.
 */
export function LedgerTab() {
  const { table, query, sort } = useLedgerTable();
  const paging = table.paging;
  const term = table.search;
  const ledger = useLedger(query);
  const [voiding, setVoiding] = useState<CreditTransaction | null>(null);
  const [exporting, setExporting] = useState(false);
  const { toast } = useToast();
  const zone = viewerTimeZone();

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { limit: _limit, offset: _offset, ...view } = query;
      const rows = await exportLedgerCsv(view);
      toast({ title: 'Download Started', description: `${rows} transactions exported.` });
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: errorMessageOf(error, 'Failed to fetch transactions'),
        kind: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  const voidButton = (t: CreditTransaction) =>
    t.voidedAt ? null : (
      <Button size="small" color="error" onClick={() => setVoiding(t)}>
        Void
      </Button>
    );

  return (
    <Box>
      <SearchToolbar
        label="Search ledger"
        placeholder="Athlete name"
        list={{ search: table.searchText, setSearch: table.setSearchText }}
      >
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          onClick={() => void exportCsv()}
          disabled={exporting}
        >
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </SearchToolbar>
      <TableToolbar
        table={table}
        label="Filter the transaction ledger"
        statusLabels={TRANSACTION_STATUS_LABELS}
        partner={{ testId: 'ledger-partner-filter' }}
      />
      <ResponsivePagedList
        query={ledger}
        paging={paging}
        label="Transaction ledger"
        minWidth={960}
        sort={sort}
        columns={[
          { label: 'Date', sortKey: 'createdAt' },
          'Athlete',
          'Partner',
          'Type',
          'Description',
          'Amount',
          'Balance After',
          'Status',
          { label: 'Actions', align: 'right', sticky: true },
        ]}
        emptyText={
          table.filtered
            ? term
              ? `No transactions match "${term}".`
              : 'No transactions match these filters.'
            : 'No transactions recorded yet.'
        }
        itemKey={(t) => t.id}
        renderRow={(t) => (
          <TableRow
            hover
            data-testid="ledger-row"
            data-transaction-id={t.id}
            data-voided={t.voidedAt ? 'true' : 'false'}
            sx={voidedSx(t)}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonthDayTime(t.createdAt, zone)}</TableCell>
            <TableCell>{t.athleteName}</TableCell>
            <TableCell>{t.partnerName ?? 'AV Pass'}</TableCell>
            <TableCell>
              {TYPE_LABELS[t.transactionType]}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {CATEGORY_LABELS[t.category]}
              </Typography>
            </TableCell>
            <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
              {t.description}
              {t.voidReason && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  Voided: {t.voidReason}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Money cents={t.amount} strong />
            </TableCell>
            <TableCell>
              <Money cents={t.balanceAfter} />
            </TableCell>
            <TableCell>
              <TransactionStatusChip transaction={t} />
            </TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              {voidButton(t)}
            </TableCell>
          </TableRow>
        )}
        renderCard={(t) => (
          <RowCard
            testId="ledger-row"
            dimmed={Boolean(t.voidedAt)}
            dataAttributes={{ 'data-transaction-id': t.id, 'data-voided': t.voidedAt ? 'true' : 'false' }}
            header={<TransactionCardHeader transaction={t} />}
            fields={[
              ['Amount', <Money key="a" cents={t.amount} strong />],
              ['Date', formatMonthDayTime(t.createdAt, zone)],
              ['Description', t.description],
              ['Partner', t.partnerName ?? 'AV Pass'],
              ['Balance after', <Money key="b" cents={t.balanceAfter} />],
            ]}
            actions={voidButton(t)}
          />
        )}
      />
      <VoidDialog transaction={voiding} onClose={() => setVoiding(null)} />
    </Box>
  );
}
