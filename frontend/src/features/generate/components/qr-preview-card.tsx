import type { QrCode } from '@avpass/contracts';
import { CARD_LANGUAGES, DEFAULT_CARD_LANGUAGE, type CardLanguage } from '@avpass/contracts/words';
import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
import { displayService, formatDateIn, formatUsage } from '@avpass/domain';
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
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CodeMemberFacts } from '@/components/vouchers/code-member-facts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '@/components/feedback/status-panel';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { CardSizeSelect, useCardSize } from '@/components/downloads';
import { DownloadButtons } from '@/components/downloads/download-buttons';
import { SendToMembersButton } from '@/components/members/send-to-members-button';
import { useRenderedImage } from '@/components/downloads/use-rendered-image';
import { printImage } from '../lib/print-image';
import { fetchCardImage } from '../lib/card-file';
import { useT, useWords } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';

/** The generated code: its QR as the server renders it, the key facts, card downloads and print. */
export function QrPreviewCard({ code }: { code: QrCode | null }) {
  const t = useT();
  return (
    <Card data-testid="qr-preview">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('generate.preview.heading')}
        </Typography>
        {code ? (
          <GeneratedCode code={code} />
        ) : (
          <StatusPanel
            icon={<QrCode2RoundedIcon />}
            title={t('generate.preview.empty')}
            description={t('generate.preview.emptyText')}
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
  const [cardLanguage, setCardLanguage] = useState<CardLanguage>(code.cardLanguage ?? DEFAULT_CARD_LANGUAGE);
  const [size] = useCardSize();
  const words = useWords();
  const { t, language } = words;
  const reported = useRef<string | null>(null);
  const title = code.customTitle || code.clinicName;

  useEffect(() => {
    if (image.status === 'error' && reported.current !== code.id) {
      reported.current = code.id;
      toast({
        title: t('generate.preview.imageError'),
        description: t('generate.preview.imageErrorText'),
        kind: 'destructive',
      });
    }
  }, [image.status, code.id, toast, t]);

  const print = async () => {
    setPrinting(true);
    let url: string | null = null;
    try {
      url = URL.createObjectURL(await fetchCardImage(code.id, size, cardLanguage));
      await printImage(url, title);
    } catch {
      toast({
        title: t('generate.preview.downloadFailed'),
        description: t('generate.preview.downloadFailedText'),
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
            alt={t('generate.preview.qrAlt', { title })}
            data-testid="qr-image"
            sx={{ width: '100%', height: '100%', imageRendering: 'pixelated' }}
          />
        ) : image.status === 'loading' ? (
          <CircularProgress aria-label={t('generate.preview.loading')} />
        ) : (
          <Typography variant="body2" color="error" sx={{ textAlign: 'center', px: 2 }}>
            {t('generate.preview.imageMissing')}
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
          <Chip color="secondary" label={discountTextIn(words, code.discountType, code.discountValue)} />
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
              <span data-testid="qr-preview-valid-from">
                {t('generate.preview.validFrom', { date: formatDateIn(language, code.startDate, 'UTC') })}
              </span>
              {' · '}
            </>
          )}
          <span>
            {code.expirationDate
              ? t('generate.preview.validUntil', {
                  date: formatDateIn(language, code.expirationDate, viewerTimeZone()),
                })
              : t('generate.preview.noExpiration')}
          </span>
          {' · '}
          <span>{t('generate.preview.used', { usage: formatUsage(code.usageCount, code.usageLimit) })}</span>
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
          {t('generate.preview.openPage')} <OpenInNewRoundedIcon fontSize="inherit" aria-hidden />
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
        <TextField
          select
          size="small"
          label={t('generate.cardLanguage.label')}
          value={cardLanguage}
          onChange={(event) => setCardLanguage(event.target.value as CardLanguage)}
          helperText={t('generate.cardLanguage.cardHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'print-card-language' } }}
          sx={{ minWidth: 200 }}
        >
          {CARD_LANGUAGES.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`generate.cardLanguage.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <DownloadButtons
          id={code.id}
          size="medium"
          cardLanguage={cardLanguage}
          failureMessage={t('generate.preview.downloadFailedText')}
        />
        <Button
          variant="contained"
          onClick={() => void print()}
          disabled={printing}
          startIcon={printing ? <CircularProgress size={16} color="inherit" /> : <PrintOutlinedIcon />}
        >
          {t('generate.preview.print')}
        </Button>
        <SendToMembersButton source={{ qrCodeId: code.id }} what={title} size="medium" />
      </Stack>
    </Stack>
  );
}
