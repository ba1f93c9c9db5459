import type { Exclusive } from '@avpass/contracts';
import { formatDateIn, formatUsage, type ExclusiveStatus } from '@avpass/domain';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { fetchRenderedFile } from '@/components/downloads/render-file';
import { saveBlob } from '@/components/downloads/save-file';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { useT, useWords } from '@/i18n/i18n';
import { detailLines, qrFileName, typeLabel, type T } from '../lib/exclusive-text';

const STATUS_COLORS: Record<ExclusiveStatus, ChipProps['color']> = {
  active: 'success',
  expired: 'warning',
  redeemed: 'default',
};

export function ExclusiveStatusChip({ status }: { status: ExclusiveStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'active' ? 'filled' : 'outlined'}
      label={t(`exclusives.status.${status}`)}
      data-testid="exclusive-status"
    />
  );
}

const expiryText = (e: Exclusive, t: T, language: string) =>
  e.expirationDate ? formatDateIn(language, `${e.expirationDate}T12:00:00Z`, 'UTC') : t('exclusives.never');

interface ItemProps {
  exclusive: Exclusive;
  onDelete: (exclusive: Exclusive) => void;
}

/** Download the QR image, preview the voucher page, delete. */
function Actions({ exclusive, onDelete }: ItemProps) {
  const { toast } = useToast();
  const t = useT();
  const [downloading, setDownloading] = useState(false);
  const short = exclusive.id.slice(0, 8);

  const downloadQr = async () => {
    setDownloading(true);
    try {
      const { blob } = await fetchRenderedFile('qr', exclusive.id, 'png');
      saveBlob(blob, qrFileName(exclusive.id));
      toast({ title: t('exclusives.download.started'), description: qrFileName(exclusive.id) });
    } catch {
      toast({
        title: t('exclusives.download.failed'),
        description: t('exclusives.download.failedText'),
        kind: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Tooltip title={t('exclusives.action.download')}>
        <span>
          <IconButton
            size="small"
            onClick={() => void downloadQr()}
            disabled={downloading}
            aria-label={t('exclusives.action.downloadLabel', { id: short })}
          >
            <QrCode2RoundedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('exclusives.action.preview')}>
        <IconButton
          component={RouterLink}
          to={paths.voucher.getHref(exclusive.id)}
          target="_blank"
          rel="noopener"
          size="small"
          aria-label={t('exclusives.action.previewLabel', { id: short })}
        >
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('exclusives.delete.confirm')}>
        <IconButton
          size="small"
          color="error"
          onClick={() => onDelete(exclusive)}
          aria-label={t('exclusives.action.deleteLabel', { id: short })}
        >
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function Details({ exclusive }: { exclusive: Exclusive }) {
  const lines = detailLines(exclusive, useWords());
  if (!lines.length) return <Typography color="text.secondary">—</Typography>;
  return (
    <>
      {lines.map((line) => (
        <Typography key={line} variant="body2" title={line} sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </>
  );
}

export function ExclusiveRow({ exclusive, onDelete }: ItemProps) {
  const { t, language } = useWords();
  return (
    <TableRow hover data-testid="exclusive-row" data-id={exclusive.id} data-type={exclusive.exclusiveType}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{typeLabel(exclusive.exclusiveType, t)}</TableCell>
      <TableCell sx={{ maxWidth: 200 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={exclusive.service}>
          {exclusive.service}
        </Typography>
        {exclusive.customTitle && exclusive.customTitle !== exclusive.service && (
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {exclusive.customTitle}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ maxWidth: 240 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap
          title={exclusive.exclusiveDetails?.description ?? ''}
        >
          {exclusive.exclusiveDetails?.description ?? '—'}
        </Typography>
      </TableCell>
      <TableCell sx={{ maxWidth: 280 }}>
        <Details exclusive={exclusive} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatUsage(exclusive.usageCount, exclusive.usageLimit)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{expiryText(exclusive, t, language)}</TableCell>
      <TableCell>
        <ExclusiveStatusChip status={exclusive.exclusiveStatus} />
      </TableCell>
      <TableCell align="right" sx={[{ whiteSpace: 'nowrap' }, stickyEndCellSx] as SxProps<Theme>}>
        <Actions exclusive={exclusive} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

/** The phone layout: one card per exclusive. */
export function ExclusiveCard({ exclusive, onDelete }: ItemProps) {
  const words = useWords();
  const { t, language } = words;
  const lines = detailLines(exclusive, words);
  return (
    <Box
      data-testid="exclusive-card"
      data-id={exclusive.id}
      data-type={exclusive.exclusiveType}
      sx={(theme) => ({
        p: 2,
        borderRadius: 3,
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
      })}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            {typeLabel(exclusive.exclusiveType, t)}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{exclusive.service}</Typography>
        </Box>
        <ExclusiveStatusChip status={exclusive.exclusiveStatus} />
      </Box>
      {exclusive.exclusiveDetails?.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {exclusive.exclusiveDetails.description}
        </Typography>
      )}
      {lines.map((line) => (
        <Typography key={line} variant="body2" sx={{ mt: 0.5 }}>
          {line}
        </Typography>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1.5, gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('exclusives.card.usage', {
            usage: formatUsage(exclusive.usageCount, exclusive.usageLimit),
            expires: expiryText(exclusive, t, language),
          })}
        </Typography>
        <Actions exclusive={exclusive} onDelete={onDelete} />
      </Box>
    </Box>
  );
}
