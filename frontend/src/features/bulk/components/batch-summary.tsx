import type { BulkGenerateResponse } from '@avpass/contracts';
import { DEFAULT_CARD_LANGUAGE } from '@avpass/contracts/words';
import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
import { formatDateIn } from '@avpass/domain';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { viewerTimeZone } from '@/lib/time-zone';
import { CardSizeSelect, ZipButtons } from '@/components/downloads';
import { SendToMembersButton } from '@/components/members/send-to-members-button';
import { useWords } from '@/i18n/i18n';

/** How many of the batch's codes are listed by link under the summary. */
const LISTED = 5;

/** The result state of /bulk: what was created, ZIP downloads of the whole batch, and a way back. */
export function BatchSummary({
  batch,
  logoUrl,
  onAnother,
}: {
  batch: BulkGenerateResponse;
  logoUrl: string | null;
  onAnother: () => void;
}) {
  const sample = batch.sample;
  const words = useWords();
  const { t, language } = words;
  const heading = useRef<HTMLHeadingElement>(null);
  // The summary replaces the form lower down the page: bring it into view (clear of the sticky
  // navigation bar, hence the heading's scroll margin) and give it focus.
  useEffect(() => {
    heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [batch.batchId]);
  const discount = discountTextIn(words, sample.discountType, sample.discountValue);
  const facts: Array<[string, string, string | undefined]> = [
    [t('generate.summary.fact.batch'), batch.batchName, undefined],
    [t('generate.summary.fact.batchId'), batch.batchId, 'batch-id'],
    [t('generate.summary.fact.codes'), String(batch.count), undefined],
    [
      t('generate.summary.fact.partner'),
      sample.customTitle
        ? t('generate.summary.partnerTitled', { title: sample.customTitle, name: sample.clinicName })
        : sample.clinicName,
      undefined,
    ],
    [t('generate.summary.fact.discount'), `${discount} · ${sample.service}`, undefined],
    [
      t('generate.summary.fact.validUntil'),
      sample.expirationDate
        ? formatDateIn(language, sample.expirationDate, viewerTimeZone())
        : t('generate.preview.noExpiration'),
      undefined,
    ],
    [
      t('generate.summary.fact.cardLanguage'),
      t(`generate.cardLanguage.${batch.cardLanguage ?? DEFAULT_CARD_LANGUAGE}`),
      'batch-card-language',
    ],
    [
      t('generate.summary.fact.logo'),
      logoUrl ? t('generate.summary.logo.yes') : t('generate.summary.logo.no'),
      undefined,
    ],
  ];

  return (
    <Card data-testid="batch-summary">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <CheckCircleRoundedIcon color="success" fontSize="large" aria-hidden />
          <Box>
            <Typography
              variant="h5"
              component="h2"
              ref={heading}
              tabIndex={-1}
              sx={{ outline: 'none', scrollMarginTop: 136 }}
            >
              {t('generate.summary.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('generate.summary.ready', { count: String(batch.count) })}
            </Typography>
          </Box>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: logoUrl ? '1fr auto' : '1fr' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 2 }}
          >
            {facts.map(([label, value, testId]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, fontWeight: 600, wordBreak: 'break-word' }}
                  data-testid={testId}
                >
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {logoUrl && (
            <Box
              component="img"
              src={logoUrl}
              alt={t('generate.summary.logoAlt')}
              sx={(theme) => ({
                width: 96,
                height: 96,
                objectFit: 'contain',
                borderRadius: 2,
                border: `1px solid ${theme.palette.divider}`,
              })}
            />
          )}
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          {t('generate.summary.download.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('generate.summary.download.text')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('generate.summary.cardSize')}
          </Typography>
          <CardSizeSelect />
        </Box>
        <ZipButtons source={{ batchId: batch.batchId }} sheets />
        <Box sx={{ mt: 1.5 }}>
          <SendToMembersButton
            source={{ batchId: batch.batchId }}
            what={t('generate.summary.sendWhat', { name: batch.batchName })}
          />
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('generate.summary.codes.heading')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {batch.qrCodes.slice(0, LISTED).map((code) => (
            <Typography key={code.id} component="li" variant="body2">
              <Link
                component={RouterLink}
                to={paths.voucher.getHref(code.id)}
                sx={{ fontFamily: 'monospace' }}
              >
                {code.id.slice(0, 8)}
              </Link>
            </Typography>
          ))}
        </Box>
        {batch.count > LISTED && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('generate.summary.more', { count: String(batch.count - LISTED) })}
          </Typography>
        )}
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={onAnother}
          sx={{ mt: 3 }}
          fullWidth
        >
          {t('generate.summary.another')}
        </Button>
      </CardContent>
    </Card>
  );
}
