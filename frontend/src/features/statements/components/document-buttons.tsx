import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { downloadStatement } from '@/lib/statements-api';

/** Download PDF and Download CSV: the statement's documents, named by partner and period. */
export function DocumentButtons({ id }: { id: string }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);

  async function download(kind: 'pdf' | 'csv') {
    setBusy(kind);
    try {
      await downloadStatement(id, kind);
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: errorMessageOf(error, 'The statement could not be downloaded.'),
        kind: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {(['pdf', 'csv'] as const).map((kind) => (
        <Button
          key={kind}
          variant="outlined"
          size="small"
          startIcon={<DownloadRoundedIcon />}
          disabled={busy !== null}
          onClick={() => void download(kind)}
        >
          Download {kind.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}
