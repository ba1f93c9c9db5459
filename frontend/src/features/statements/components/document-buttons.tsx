import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { isLanguage } from '@avpass/contracts/i18n/languages';
import { useLanguage, useT } from '@/i18n/i18n';
import { downloadStatement } from '@/lib/statements-api';

/** Download PDF and Download CSV: the statement's documents, named by partner and period. */
export function DocumentButtons({ id }: { id: string }) {
  const t = useT();
  const spoken = useLanguage();
  const { toast } = useToast();
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);

  async function download(kind: 'pdf' | 'csv') {
    setBusy(kind);
    try {
      await downloadStatement(id, kind, isLanguage(spoken) ? spoken : undefined);
    } catch (error) {
      toast({
        title: t('statements.download.failed'),
        description: apiErrorText(error, t('statements.download.failedText')),
        kind: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(['pdf', 'csv'] as const).map((kind) => (
        <Button
          key={kind}
          variant="outlined"
          size="small"
          startIcon={<DownloadRoundedIcon />}
          disabled={busy !== null}
          onClick={() => void download(kind)}
        >
          {t('statements.download.button', { kind: kind.toUpperCase() })}
        </Button>
      ))}
    </Stack>
  );
}
