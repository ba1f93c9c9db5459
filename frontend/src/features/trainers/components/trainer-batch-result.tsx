import type { TrainerCode } from '@avpass/contracts';
import { formatDateIn, TRAINER_ROLE_LABELS } from '@avpass/domain';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { saveBlob, ZipButtons } from '@/components/downloads';
import { paths } from '@/config/paths';
import { useWords } from '@/i18n/i18n';
import { csvLines } from '@/lib/csv';
import { scrollClearOfHeader } from '@/lib/scroll-into-view';
import { viewerTimeZone } from '@/lib/time-zone';
import { usageLimitText } from '@/lib/usage-limit-options';

export const TRAINER_CODES_CSV_HEADER = [
  'Trainer',
  'Role',
  'Coupon Title',
  'Partner',
  'Discount (%)',
  'Usage Limit',
  'Expires',
  'Code ID',
  'Voucher URL',
] as const;

/** The codes of one batch as CSV rows (header first), for a spreadsheet or a mail merge. */
export function trainerCodesCsv(codes: readonly TrainerCode[]): string {
  return csvLines([
    TRAINER_CODES_CSV_HEADER,
    ...codes.map((c) => [
      c.trainerName,
      c.trainerRole ? TRAINER_ROLE_LABELS[c.trainerRole] : '',
      c.couponTitle ?? c.customTitle,
      c.clinicName,
      c.discountValue,
      usageLimitText(c.usageLimit),
      c.expirationDate,
      c.id,
      c.qrUrl,
    ]),
  ]);
}

/**
 * What a batch made (issue 27): every code by trainer, with its title and voucher link, one ZIP of
 * their voucher cards (the server's ZIP job, as /bulk downloads a batch) and a CSV of the list.
 */
export function TrainerBatchResult({ codes }: { codes: readonly TrainerCode[] }) {
  const { t, language } = useWords();
  const card = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = codes[0]?.id;
  // The whole card in view below the sticky header, its heading focused (read out first).
  useEffect(() => {
    if (card.current) scrollClearOfHeader(card.current, { block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [first]);

  const downloadCsv = () => {
    const stamp = new Date().toISOString().slice(0, 10);
    saveBlob(
      new Blob([trainerCodesCsv(codes)], { type: 'text/csv;charset=utf-8' }),
      `trainer-codes-${stamp}.csv`,
    );
  };

  return (
    <Card data-testid="trainer-batch-result" ref={card}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <CheckCircleRoundedIcon color="success" fontSize="large" aria-hidden />
          <Box>
            <Typography variant="h6" component="h2" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
              {t('credits.trainerQr.batchTitle', { count: codes.length })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('credits.trainerQr.batchText')}
            </Typography>
          </Box>
        </Box>
        <Box
          component="ol"
          aria-label={t('credits.trainerQr.batchCodes')}
          data-testid="trainer-batch-codes"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
        >
          {codes.map((code) => (
            <Box
              component="li"
              key={code.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'baseline',
                columnGap: 1.5,
                py: 0.75,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600, flex: '1 1 10rem', minWidth: 0 }}>
                {code.trainerName}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {code.couponTitle ?? code.customTitle}
                </Typography>
              </Typography>
              <Link
                component={RouterLink}
                to={paths.voucher.getHref(code.id)}
                variant="body2"
                sx={{ fontFamily: 'monospace' }}
                aria-label={
                  code.trainerName
                    ? t('credits.trainerQr.voucherOf', { name: code.trainerName })
                    : t('credits.trainerQr.voucherOfTrainer')
                }
              >
                {code.id.slice(0, 8)}
              </Link>
            </Box>
          ))}
        </Box>
        {codes[0]?.expirationDate && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('credits.trainerQr.validUntil', {
              date: formatDateIn(language, codes[0].expirationDate, viewerTimeZone()),
            })}
          </Typography>
        )}
        <Divider sx={{ my: 2.5 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('credits.trainerQr.downloadBatch')}
        </Typography>
        <ZipButtons source={{ qrCodes: codes.map((c) => c.id) }} size="small" />
        <Button
          size="small"
          variant="outlined"
          startIcon={<TableChartOutlinedIcon />}
          onClick={downloadCsv}
          sx={{ mt: 1 }}
          data-testid="trainer-batch-csv"
        >
          {t('credits.trainerQr.csv')}
        </Button>
      </CardContent>
    </Card>
  );
}
