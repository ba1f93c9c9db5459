import type { BulkDownloadZipRequest, RenderFormat, SheetSize } from '@avpass/contracts';
import { RENDER_FORMATS, SHEET_SIZES } from '@avpass/contracts/words';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useT } from '@/i18n/i18n';
import { useCardSize } from './card-size';
import { useZipJob } from './zip-job';
import { ZipProgress } from './zip-progress';

/**
 * PNG ZIP / PDF ZIP / SVG ZIP for a set of codes (a batch, or everything), and with `sheets` one PDF
 * of cards on A4 or Letter paper with crop marks (downloaded as that PDF, not in a ZIP). Each press
 * starts one job on the server and shows its real progress until the file is saved.
 */
export function ZipButtons({
  source,
  size = 'medium',
  formats = RENDER_FORMATS,
  label,
  sheets = false,
}: {
  source: Omit<BulkDownloadZipRequest, 'format'>;
  size?: 'small' | 'medium';
  formats?: readonly RenderFormat[];
  label?: (format: RenderFormat) => string;
  sheets?: boolean;
}) {
  const t = useT();
  const zip = useZipJob();
  const { toast } = useToast();
  const [cardSize] = useCardSize();
  const [active, setActive] = useState<RenderFormat | SheetSize | null>(null);
  const failure = zip.status.phase === 'failed' ? zip.status.message : null;

  useEffect(() => {
    if (failure) toast({ title: t('staff.download.failed'), description: failure, kind: 'destructive' });
  }, [failure, toast, t]);

  const download = async (format: RenderFormat, sheet?: SheetSize) => {
    setActive(sheet ?? format);
    const ok = await zip.start({ ...source, format, size: cardSize, ...(sheet ? { sheet } : {}) });
    setActive(null);
    if (!ok) return;
    // A print sheet is one PDF (not a ZIP): its toast says so.
    if (sheet) toast({ title: t('staff.zip.sheetComplete'), description: t('staff.zip.sheetCompleteText') });
    else toast({ title: t('staff.zip.complete'), description: t('staff.zip.completeText') });
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
            {active === format
              ? t('staff.download.preparing')
              : (label?.(format) ?? t('staff.zip.format', { format: format.toUpperCase() }))}
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
              title={t('staff.zip.sheetHint')}
            >
              {active === sheet ? t('staff.download.preparing') : t(`staff.zip.sheet.${sheet}`)}
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
