import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { AuditQuery } from '@avpass/contracts';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { downloadAuditCsv } from '@/lib/audit-api';

/** Export CSV: downloads the audit trail's current query. */
export function ExportAuditButton({ query }: { query: Omit<AuditQuery, 'cursor' | 'limit'> }) {
  const { toast } = useToast();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAuditCsv(query);
      toast({ title: 'Download Started' });
    } catch (error) {
      toast({
        title: 'Export Failed',
        description: errorMessageOf(error, 'The audit trail could not be exported.'),
        kind: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button
      variant="outlined"
      onClick={() => void exportCsv()}
      disabled={exporting}
      startIcon={exporting ? <CircularProgress size={18} color="inherit" /> : <DownloadRoundedIcon />}
    >
      Export CSV
    </Button>
  );
}
