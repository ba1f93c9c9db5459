import type { CodeListQuery } from '@avpass/contracts';
import { RESOLVE_MAX_IDS } from '@avpass/contracts/words';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { collectCodeIds } from '@/lib/vouchers-api';
import { useCardSize } from './card-size';
import { useZipJob } from './zip-job';
import { ZipProgress } from './zip-progress';

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'code' : 'codes'}`;

/**
 * "Download All" of a codes table (issue 27): the codes the table shows — its search and filters —
 * as one PNG ZIP job, and the button says how many ("Download 1,204 codes as PNG ZIP"). The number is
 * the list's own total (the tallies, or the filtered count the list already made): no count of its
 * own. Unfiltered it is every code the user may see (`all`); filtered, the matching codes' ids are
 * listed when pressed (keyset pages, at most 10,000: the ZIP's most) and sent as the selection.
 * The progress says queued while queued; the toast comes when the file was handed to the browser.
 */
export function ViewZipButton({
  listUrl,
  view,
  total,
  totalIsLowerBound = false,
  scope = 'all',
}: {
  /** The list the view is of (its ids are listed from it when filtered). */
  listUrl: string;
  view: Pick<CodeListQuery, 'search' | 'status' | 'partnerId'>;
  /** How many codes the view holds (undefined while the list loads). */
  total: number | undefined;
  totalIsLowerBound?: boolean;
  /** Whether the unfiltered view may go as `all` (every code the user may see). */
  scope?: 'all' | 'ids';
}) {
  const zip = useZipJob();
  const { toast } = useToast();
  const [cardSize] = useCardSize();
  const [listing, setListing] = useState(false);
  const failure = zip.status.phase === 'failed' ? zip.status.message : null;
  const filtered = Boolean(view.search || view.status || view.partnerId);
  const byIds = filtered || scope === 'ids';
  const tooMany = byIds && (totalIsLowerBound || (total ?? 0) > RESOLVE_MAX_IDS);

  useEffect(() => {
    if (failure) toast({ title: 'Download Failed', description: failure, kind: 'destructive' });
  }, [failure, toast]);

  async function download() {
    let source: { all: true } | { qrCodes: string[] } = { all: true };
    if (byIds) {
      setListing(true);
      try {
        const { ids } = await collectCodeIds(listUrl, view.search, {
          max: RESOLVE_MAX_IDS,
          filters: { status: view.status, partnerId: view.partnerId },
        });
        source = { qrCodes: ids };
      } catch (error) {
        toast({
          title: 'Download Failed',
          description: errorMessageOf(error, 'The codes could not be listed.'),
          kind: 'destructive',
        });
        return;
      } finally {
        setListing(false);
      }
      if (source.qrCodes.length === 0) {
        toast({
          title: 'Nothing to download',
          description: 'No code matches this view.',
          kind: 'destructive',
        });
        return;
      }
    }
    const ok = await zip.start({ ...source, format: 'png', size: cardSize });
    if (ok) toast({ title: 'ZIP Download Complete', description: 'Your ZIP file has been downloaded.' });
  }

  const label =
    total === undefined
      ? 'Download All (PNG ZIP)'
      : `Download ${totalIsLowerBound ? 'more than ' : ''}${count(total)} as PNG ZIP`;
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<FolderZipOutlinedIcon />}
        disabled={zip.running || listing || tooMany || total === 0}
        onClick={() => void download()}
        data-testid="download-view"
      >
        {listing ? 'Listing codes...' : zip.running ? 'Preparing...' : label}
      </Button>
      {tooMany && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          At most {RESOLVE_MAX_IDS.toLocaleString('en-US')} codes per ZIP: narrow the search or filters.
        </Typography>
      )}
      <ZipProgress status={zip.status} />
      {failure && (
        <Box role="alert" sx={{ mt: 1, color: 'error.main', typography: 'body2' }}>
          {failure}
        </Box>
      )}
    </Box>
  );
}
