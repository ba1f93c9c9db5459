import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { AuditQuery } from '@avpass/contracts';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { downloadAuditCsv } from '@/lib/audit-api';

/** Export CSV: downloads the audit trail's current query. */
export function ExportAuditButton({ query }: { query: Omit<AuditQuery, 'cursor' | 'limit'> }) {
  const { toast } = useToast();
  const t = useT();
  const language = useLanguage();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAuditCsv(query, language);
      toast({ title: t('audit.export.started') });
    } catch (error) {
      toast({
        title: t('audit.export.failed'),
        description: apiErrorText(error, t('audit.export.failedText')),
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
      {t('audit.export')}
    </Button>
  );
}
