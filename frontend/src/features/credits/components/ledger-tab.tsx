import type { CreditTransaction, TransactionListQuery } from '@avpass/contracts';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { exportLedgerCsv } from '../lib/export-ledger';
import { TransactionsList } from './transactions-list';
import { VoidDialog } from './void-dialog';

/** Export CSV: the ledger's view (its search and filters, every page) as a CSV download. */
function ExportButton({ query }: { query: TransactionListQuery }) {
  const [exporting, setExporting] = useState(false);
  const { toast } = useToast();
  const t = useT();

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { limit: _limit, offset: _offset, ...view } = query;
      const rows = await exportLedgerCsv(view);
      toast({ title: t('credits.export.started'), description: t('credits.export.count', { count: rows }) });
    } catch (error) {
      toast({
        title: t('credits.export.failed'),
        description: apiErrorText(error, t('credits.export.fetchFailed')),
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
      {exporting ? t('credits.export.exporting') : t('credits.export.button')}
    </Button>
  );
}

/**
 * Transaction Ledger: every transaction, newest first (or oldest, by the Date header), filtered by status
 * and partner on the server, the view in the URL (issue 27); voided rows dimmed without a void button;
 * CSV export of that view.
 */
export function LedgerTab() {
  const t = useT();
  const [voiding, setVoiding] = useState<CreditTransaction | null>(null);
  return (
    <Box>
      <TransactionsList
        role="admin"
        searchAction={(query) => <ExportButton query={query} />}
        actions={(tx) =>
          tx.voidedAt ? null : (
            <Button size="small" color="error" onClick={() => setVoiding(tx)}>
              {t('credits.void.confirm')}
            </Button>
          )
        }
      />
      <VoidDialog transaction={voiding} onClose={() => setVoiding(null)} />
    </Box>
  );
}
