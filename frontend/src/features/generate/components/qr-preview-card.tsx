import { NO_EXPIRATION_TEXT, type QrCode } from '@avpass/contracts';
import { validFromText } from '@avpass/contracts/voucher-text';
import { displayService, formatDate, formatDiscount, formatUsage } from '@avpass/domain';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { CodeMemberFacts } from '@/components/vouchers/code-member-facts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '@/components/feedback/status-panel';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { CardSizeSelect, fetchRenderedFile } from '@/components/downloads';
import { DownloadButtons } from '@/components/downloads/download-buttons';
import { SendToMembersButton } from '@/components/members/send-to-members-button';
import { useRenderedImage } from '@/components/downloads/use-rendered-image';
import { printImage } from '../lib/print-image';
import { viewerTimeZone } from '@/lib/time-zone';

/** The generated code: its QR as the server renders it, the key facts, card downloads and print. */
export function QrPreviewCard({ code }: { code: QrCode | null }) {
  return (
    <Card data-testid="qr-preview">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          QR Code Preview
        </Typography>
        {code ? (
          <GeneratedCode code={code} />
        ) : (
          <StatusPanel
            icon={<QrCode2RoundedIcon />}
            title="No QR code yet"
            description="Fill in the discount details and press Generate QR Code. The code appears here, ready to download or print."
          />
        )}
      </CardContent>
    </Card>
  );
}

function GeneratedCode({ code }: { code: QrCode }) {
  const image = useRenderedImage(code.id, 'qr', 'png');
  const { toast } = useToast();
  const [printing, setPrinting] = useState(false);
  const reported = useRef<string | null>(null);
  const title = code.customTitle || code.clinicName;

  useEffect(() => {
    if (image.status === 'error' && reported.current !== code.id) {
      reported.current = code.id;
      toast({
        title: 'QR Generation Error',
        description: 'Failed to generate QR code display.',
        kind: 'destructive',
      });
    }
  }, [image.status, code.id, toast]);

  const print = async () => {
    setPrinting(true);
    let url: string | null = null;
    try {
      const { blob } = await fetchRenderedFile('card', code.id, 'png');
      url = URL.createObjectURL(blob);
      await printImage(url, title);
    } catch {
      toast({
        title: 'Download Failed',
        description: 'There was an error generating the QR code. Please try again.',
        kind: 'destructive',
      });
    } finally {
      const printed = url;
      if (printed) setTimeout(() => URL.revokeObjectURL(printed), 60_000);
      setPrinting(false);
    }
  };

  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
      <Box
        sx={(theme) => ({
          width: 240,
          maxWidth: '100%',
          aspectRatio: '1',
          display: 'grid',
          placeItems: 'center',
          borderRadius: 3,
          border: `1px solid ${theme.palette.divider}`,
          bgcolor: 'common.white',
          p: 1,
        })}
      >
        {image.status === 'ready' ? (
          <Box
            component="img"
            src={image.url}
            alt={`QR code for ${title}`}
            data-testid="qr-image"
            sx={{ width: '100%', height: '100%', imageRendering: 'pixelated' }}
          />
        ) : image.status === 'loading' ? (
          <CircularProgress aria-label="Loading QR code" />
        ) : (
          <Typography variant="body2" color="error" sx={{ textAlign: 'center', px: 2 }}>
            The QR image could not be shown. The code exists; try a download.
          </Typography>
        )}
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h5" component="p" sx={{ wordBreak: 'break-word' }}>
          {title}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1, justifyContent: 'center' }}
        >
          <Chip color="secondary" label={formatDiscount(code.discountType, code.discountValue)} />
          <Chip variant="outlined" label={displayService(code.service)} />
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="qr-preview-validity"
          // Each fact stays whole on a narrow screen: a line breaks between them, never inside one.
          sx={{ mt: 1.5, '& > span': { whiteSpace: 'nowrap' } }}
        >
          {/* A later start is part of the promise: the member's page says the same (voucher-text). */}
          {code.startDate && (
            <>
              <span data-testid="qr-preview-valid-from">{validFromText(code.startDate)}</span>
              {' · '}
            </>
          )}
          <span>
            {code.expirationDate
              ? `Valid until ${formatDate(code.expirationDate, viewerTimeZone())}`
              : NO_EXPIRATION_TEXT}
          </span>
          {' · '}
          <span>Used {formatUsage(code.usageCount, code.usageLimit)}</span>
          <CodeMemberFacts code={code} />
        </Typography>
        <Link
          component={RouterLink}
          to={paths.voucher.getHref(code.id)}
          target="_blank"
          rel="noopener"
          variant="body2"
          data-testid="voucher-link"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1, fontWeight: 600 }}
        >
          Open voucher page <OpenInNewRoundedIcon fontSize="inherit" aria-hidden />
        </Link>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        data-testid="preview-actions"
        sx={{ width: '100%', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}
      >
        <CardSizeSelect />
        <DownloadButtons
          id={code.id}
          size="medium"
          failureMessage="There was an error generating the QR code. Please try again."
        />
        <Button
          variant="contained"
          onClick={() => void print()}
          disabled={printing}
          startIcon={printing ? <CircularProgress size={16} color="inherit" /> : <PrintOutlinedIcon />}
        >
          Print
        </Button>
        <SendToMembersButton source={{ qrCodeId: code.id }} what={title} size="medium" />
      </Stack>
    </Stack>
  );
}
