import { RENDER_FORMATS, type BulkDownloadZipRequest, type RenderFormat } from '@avpass/contracts';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useZipJob } from './zip-job';
import { ZipProgress } from './zip-progress';

/**
 * PNG ZIP / PDF ZIP / SVG ZIP for a set of codes (a batch, or everything). Each press starts one ZIP
 * job on the server and shows its real progress until the file is saved.
 */
export function ZipButtons({
  source,
  size = 'medium',
  formats = RENDER_FORMATS,
  label = (format) => `${format.toUpperCase()} ZIP`,
}: {
  source: Omit<BulkDownloadZipRequest, 'format'>;
  size?: 'small' | 'medium';
  formats?: readonly RenderFormat[];
  label?: (format: RenderFormat) => string;
}) {
  const zip = useZipJob();
  const { toast } = useToast();
  const [active, setActive] = useState<RenderFormat | null>(null);
  const failure = zip.status.phase === 'failed' ? zip.status.message : null;

  useEffect(() => {
    if (failure) toast({ title: 'Download Failed', description: failure, kind: 'destructive' });
  }, [failure, toast]);

  const download = async (format: RenderFormat) => {
    setActive(format);
    const ok = await zip.start({ ...source, format });
    setActive(null);
    if (ok) toast({ title: 'ZIP Download Complete', description: 'Your ZIP file has been downloaded.' });
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
