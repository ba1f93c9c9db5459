import type { CodeListQuery } from '@avpass/contracts';
import { RESOLVE_MAX_IDS } from '@avpass/contracts/words';
import { formatNumberIn } from '@avpass/domain';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { collectCodeIds } from '@/lib/vouchers-api';
import { useCardSize } from './card-size';
import { useZipJob } from './zip-job';
import { ZipProgress } from './zip-progress';

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
  const t = useT();
  const language = useLanguage();
  const zip = useZipJob();
  const { toast } = useToast();
  const [cardSize] = useCardSize();
  const [listing, setListing] = useState(false);
  const failure = zip.status.phase === 'failed' ? zip.status.message : null;
  const filtered = Boolean(view.search || view.status || view.partnerId);
  const byIds = filtered || scope === 'ids';
  const tooMany = byIds && (totalIsLowerBound || (total ?? 0) > RESOLVE_MAX_IDS);

  useEffect(() => {
    if (failure) toast({ title: t('staff.download.failed'), description: failure, kind: 'destructive' });
  }, [failure, toast, t]);

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
          title: t('staff.download.failed'),
          description: apiErrorText(error, t('staff.download.view.listFailed')),
          kind: 'destructive',
        });
        return;
      } finally {
        setListing(false);
      }
      if (source.qrCodes.length === 0) {
        toast({
          title: t('staff.download.view.nothing'),
          description: t('staff.download.view.nothingText'),
          kind: 'destructive',
        });
        return;
      }
    }
    const ok = await zip.start({ ...source, format: 'png', size: cardSize });
    if (ok) toast({ title: t('staff.zip.complete'), description: t('staff.zip.completeText') });
  }

  const label =
    total === undefined
      ? t('staff.download.view.all')
      : t(totalIsLowerBound ? 'staff.download.view.countMore' : 'staff.download.view.count', {
          count: total,
          shown: formatNumberIn(language, total),
        });
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<FolderZipOutlinedIcon />}
        disabled={zip.running || listing || tooMany || total === 0}
        onClick={() => void download()}
        data-testid="download-view"
      >
        {listing ? t('staff.download.view.listing') : zip.running ? t('staff.download.preparing') : label}
      </Button>
      {tooMany && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('staff.download.view.tooMany', { max: formatNumberIn(language, RESOLVE_MAX_IDS) })}
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
