import { RENDER_FORMATS, type RenderFormat } from '@avpass/contracts';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useZipJob, ZipProgress } from '@/components/downloads';
import { useWords } from '@/i18n/i18n';
import { formatNumberIn } from '@avpass/domain';

/**
 * Select All (every code the search matches) / Deselect All and the PNG/PDF/SVG ZIP buttons for the
 * selected codes, with live progress.
 */
export function BulkDownloadBar({
  selectedIds,
  allVisibleSelected,
  onSelectAll,
  onDeselectAll,
  hasRows,
  hiddenCount = 0,
  onDeselectHidden,
  matchingCount,
  selecting = false,
}: {
  selectedIds: readonly string[];
  allVisibleSelected: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  hasRows: boolean;
  /** Selected codes the current search or page does not show: they are still in the ZIP. */
  hiddenCount?: number;
  onDeselectHidden?: () => void;
  /** How many codes the search matches in all: Select All takes every one of them, not only this page. */
  matchingCount?: number;
  /** Select All is listing the matching codes. */
  selecting?: boolean;
}) {
  const { toast } = useToast();
  const { t, language } = useWords();
  const zip = useZipJob();
  const count = selectedIds.length;
  const failure = zip.status.phase === 'failed' ? zip.status.message : null;

  useEffect(() => {
    if (failure) toast({ title: t('dashboard.zip.failed'), description: failure, kind: 'destructive' });
  }, [failure, toast, t]);

  async function download(format: RenderFormat) {
    if (count === 0) {
      toast({
        title: t('dashboard.zip.none'),
        description: t('dashboard.zip.noneText'),
        kind: 'destructive',
      });
      return;
    }
    const saved = await zip.start({ qrCodes: [...selectedIds], format });
    if (saved)
      toast({
        title: t('dashboard.zip.done'),
        description: t('dashboard.zip.doneText', { count, format: format.toUpperCase() }),
      });
  }

  return (
    <Box
      data-testid="bulk-download-bar"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: { xs: 1.5, md: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          variant="outlined"
          size="small"
          onClick={allVisibleSelected ? onDeselectAll : onSelectAll}
          disabled={!hasRows || selecting}
          data-testid="select-all"
        >
          {allVisibleSelected
            ? t('dashboard.zip.deselectAll')
            : selecting
              ? t('dashboard.zip.selecting')
              : matchingCount !== undefined
                ? t('dashboard.zip.selectAllCount', { count: formatNumberIn(language, matchingCount) })
                : t('dashboard.zip.selectAll')}
        </Button>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontWeight: 600 }}
          data-testid="selected-count"
          aria-live="polite"
        >
          {t('dashboard.codes.selected', { count })}
          {hiddenCount > 0 && (
            <Box component="span" sx={{ color: 'warning.dark' }} data-testid="hidden-selected">
              {' '}
              · {t('dashboard.zip.hidden', { count: hiddenCount })}
            </Box>
          )}
        </Typography>
        {hiddenCount > 0 && onDeselectHidden && (
          <Button size="small" variant="text" onClick={onDeselectHidden} data-testid="deselect-hidden">
            {t('dashboard.zip.deselectHidden', { count: hiddenCount })}
          </Button>
        )}
        <Box sx={{ display: 'flex', gap: 1, ml: { sm: 'auto' }, width: { xs: '100%', sm: 'auto' } }}>
          {RENDER_FORMATS.map((format) => (
            <Button
              key={format}
              size="small"
              variant="contained"
              startIcon={<FolderZipOutlinedIcon />}
              disabled={zip.running}
              onClick={() => void download(format)}
              aria-label={t('dashboard.zip.downloadLabel', { count, format: format.toUpperCase() })}
              data-testid={`bulk-zip-${format}`}
              sx={{
                flex: { xs: 1, sm: 'none' },
                px: { xs: 1, sm: 2 },
                '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
              }}
            >
              {t('dashboard.zip.button', { count, format: format.toUpperCase() })}
            </Button>
          ))}
        </Box>
      </Box>
      <ZipProgress status={zip.status} />
      {failure && (
        <Typography role="alert" variant="body2" color="error" data-testid="bulk-zip-error">
          {t('dashboard.zip.failedText', { failure })}
        </Typography>
      )}
    </Box>
  );
}
