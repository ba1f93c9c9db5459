import type { CreditTransaction, TransactionListQuery } from '@avpass/contracts';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { exportLedgerCsv } from '../lib/export-ledger';
import { TransactionsList } from './transactions-list';
import { VoidDialog } from './void-dialog';

/** Export CSV: the ledger's view (its search and filters, every page) as a CSV download. */
function ExportButton({ query }: { query: TransactionListQuery }) {
  const [exporting, setExporting] = useState(false);
  const { toast } = useToast();

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

  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      onClick={() => void exportCsv()}
      disabled={exporting}
    >
      {exporting ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}

/**
 * Transaction Ledger: every transaction, newest first (or oldest, by the Date header), filtered by status
 * and partner on the server, the view in the URL (issue 27); voided rows dimmed without a void button;
 * CSV export of that view.
 */
export function LedgerTab() {
  const [voiding, setVoiding] = useState<CreditTransaction | null>(null);
  return (
    <Box>
      <TransactionsList
        role="admin"
        searchAction={(query) => <ExportButton query={query} />}
        actions={(t) =>
          t.voidedAt ? null : (
            <Button size="small" color="error" onClick={() => setVoiding(t)}>
              Void
            </Button>
          )
        }
      />
      <VoidDialog transaction={voiding} onClose={() => setVoiding(null)} />
    </Box>
  );
}
