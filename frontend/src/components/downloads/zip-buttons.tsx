import type { BulkDownloadZipRequest, RenderFormat, SheetSize } from '@avpass/contracts';
import { RENDER_FORMATS, SHEET_SIZES } from '@avpass/contracts/words';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useCardSize } from './card-size';
import { useZipJob } from './zip-job';
import { ZipProgress } from './zip-progress';

const SHEET_LABELS: Readonly<Record<SheetSize, string>> = {
  a4: 'A4 print sheet',
  letter: 'Letter print sheet',
};

/**
 * PNG ZIP / PDF ZIP / SVG ZIP for a set of codes (a batch, or everything), and with `sheets` one PDF
 * of cards on A4 or Letter paper with crop marks (downloaded as that PDF, not in a ZIP). Each press
 * starts one job on the server and shows its real progress until the file is saved.
 */
export function ZipButtons({
  source,
  size = 'medium',
  formats = RENDER_FORMATS,
  label = (format) => `${format.toUpperCase()} ZIP`,
  sheets = false,
}: {
  source: Omit<BulkDownloadZipRequest, 'format'>;
  size?: 'small' | 'medium';
  formats?: readonly RenderFormat[];
  label?: (format: RenderFormat) => string;
  sheets?: boolean;
}) {
  const zip = useZipJob();
  const { toast } = useToast();
  const [cardSize] = useCardSize();
  const [active, setActive] = useState<RenderFormat | SheetSize | null>(null);
  const failure = zip.status.phase === 'failed' ? zip.status.message : null;

  useEffect(() => {
    if (failure) toast({ title: 'Download Failed', description: failure, kind: 'destructive' });
  }, [failure, toast]);

  const download = async (format: RenderFormat, sheet?: SheetSize) => {
    setActive(sheet ?? format);
    const ok = await zip.start({ ...source, format, size: cardSize, ...(sheet ? { sheet } : {}) });
    setActive(null);
    if (!ok) return;
    // A print sheet is one PDF (not a ZIP): its toast says so.
    if (sheet)
      toast({ title: 'Download Complete', description: 'Your print sheet PDF has been downloaded.' });
    else toast({ title: 'ZIP Download Complete', description: 'Your ZIP file has been downloaded.' });
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {formats.map((format) => (
          <Button
            key={format}
            size={size}
            variant="outlined"
            startIcon={<FolderZipOutlinedIcon />}
            disabled={zip.running}
            onClick={() => void download(format)}
          >
            {active === format ? 'Preparing...' : label(format)}
          </Button>
        ))}
        {sheets &&
          SHEET_SIZES.map((sheet) => (
            <Button
              key={sheet}
              size={size}
              variant="outlined"
              startIcon={<PrintOutlinedIcon />}
              disabled={zip.running}
              onClick={() => void download('pdf', sheet)}
              title="One PDF with four cards a page and crop marks"
            >
              {active === sheet ? 'Preparing...' : SHEET_LABELS[sheet]}
            </Button>
          ))}
      </Stack>
      <ZipProgress status={zip.status} />
      {failure && <ZipFailure message={failure} />}
    </Box>
  );
}

function ZipFailure({ message }: { message: string }) {
  return (
    <Box role="alert" sx={{ mt: 1, color: 'error.main', typography: 'body2' }} data-testid="zip-error">
      {message}
    </Box>
  );
}
