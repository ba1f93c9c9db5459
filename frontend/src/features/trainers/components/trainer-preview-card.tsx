import type { TrainerCode } from '@avpass/contracts';
import { TRAINER_ROLE_LABELS } from '@avpass/domain';
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

/** The QR preview of the code just made: the QR, the voucher link and Download QR Code. */
export function TrainerPreviewCard({ code }: { code: TrainerCode | null }) {
  return (
    <Card data-testid="trainer-preview">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          QR Preview
        </Typography>
        {code ? (
          <Preview code={code} />
        ) : (
          <StatusPanel
            icon={<QrCode2RoundedIcon />}
            title="No QR code yet"
            description="Fill in the form and generate: one name shows its QR code here; several make a batch."
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
  const download = async () => {
    setBusy(true);
    try {
      await downloadRenderedFile('qr', code.id, 'png');
      toast({ title: 'Download Started' });
    } catch {
      toast({
        title: 'Download Failed',
        description: 'Failed to download QR code. Please try again.',
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
            alt={`QR code for ${code.trainerName ?? 'trainer'}`}
            sx={{ width: 220, height: 220 }}
          />
        ) : image.status === 'loading' ? (
          <CircularProgress aria-label="Drawing the QR code" />
        ) : (
          <Typography color="error">QR Generation Error: Failed to generate QR code display.</Typography>
        )}
      </Box>
      <Box>
        <Typography variant="h6" component="p" data-testid="preview-name">
          {code.trainerName}
        </Typography>
        <Typography color="text.secondary">
          {code.trainerRole ? TRAINER_ROLE_LABELS[code.trainerRole] : ''} · {code.discountValue}% off at{' '}
          {code.clinicName}
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
        Download QR Code
      </Button>
    </Box>
  );
}
