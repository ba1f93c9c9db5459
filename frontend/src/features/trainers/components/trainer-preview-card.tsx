import type { TrainerCode } from '@avpass/contracts';
import { formatNumberIn } from '@avpass/domain';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { StatusPanel } from '@/components/feedback/status-panel';
import { downloadRenderedFile } from '@/components/downloads';
import { useRenderedImage } from '@/components/downloads/use-rendered-image';
import { useToast } from '@/components/toast/toast-context';
import { useT, useWords } from '@/i18n/i18n';

/** The QR preview of the code just made: the QR, the voucher link and Download QR Code. */
export function TrainerPreviewCard({ code }: { code: TrainerCode | null }) {
  const t = useT();
  return (
    <Card data-testid="trainer-preview">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('credits.trainerQr.preview')}
        </Typography>
        {code ? (
          <Preview code={code} />
        ) : (
          <StatusPanel
            icon={<QrCode2RoundedIcon />}
            title={t('credits.trainerQr.noCode')}
            description={t('credits.trainerQr.noCodeText')}
          />
        )}
      </CardContent>
    </Card>
  );
}

function Preview({ code }: { code: TrainerCode }) {
  const image = useRenderedImage(code.id, 'qr', 'png');
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const { t, language } = useWords();
  const download = async () => {
    setBusy(true);
    try {
      await downloadRenderedFile('qr', code.id, 'png');
      toast({ title: t('credits.export.started') });
    } catch {
      toast({
        title: t('credits.export.failed'),
        description: t('credits.trainerQr.downloadFailed'),
        kind: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
      <Box
        sx={(theme) => ({
          width: 240,
          height: 240,
          display: 'grid',
          placeItems: 'center',
          borderRadius: 3,
          border: `1px solid ${theme.palette.divider}`,
          bgcolor: 'common.white',
        })}
      >
        {image.status === 'ready' ? (
          <Box
            component="img"
            src={image.url}
            alt={t('credits.trainerQr.qrAlt', { name: code.trainerName ?? t('credits.analytics.trainer') })}
            sx={{ width: 220, height: 220 }}
          />
        ) : image.status === 'loading' ? (
          <CircularProgress aria-label={t('credits.trainerQr.drawing')} />
        ) : (
          <Typography color="error">{t('credits.trainerQr.drawFailed')}</Typography>
        )}
      </Box>
      <Box>
        <Typography variant="h6" component="p" data-testid="preview-name">
          {code.trainerName}
        </Typography>
        <Typography color="text.secondary">
          {code.trainerRole ? t(`credits.role.${code.trainerRole}`) : ''} ·{' '}
          {t('credits.trainerQr.offAt', {
            percent: formatNumberIn(language, code.discountValue),
            partner: code.clinicName,
          })}
        </Typography>
      </Box>
      <Link
        href={code.qrUrl}
        target="_blank"
        rel="noopener"
        sx={{ wordBreak: 'break-all' }}
        data-testid="preview-link"
      >
        {code.qrUrl}
      </Link>
      <Button
        variant="contained"
        startIcon={<DownloadRoundedIcon />}
        onClick={() => void download()}
        disabled={busy}
      >
        {t('credits.trainerQr.download')}
      </Button>
    </Box>
  );
}
