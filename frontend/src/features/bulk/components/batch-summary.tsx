import { NO_EXPIRATION_TEXT, type BulkGenerateResponse } from '@avpass/contracts';
import { formatDate, formatDiscount } from '@avpass/domain';
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
  const heading = useRef<HTMLHeadingElement>(null);
  // The summary replaces the form lower down the page: bring it into view (clear of the sticky
  // navigation bar, hence the heading's scroll margin) and give it focus.
  useEffect(() => {
    heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [batch.batchId]);
  const facts: Array<[string, string]> = [
    ['Batch', batch.batchName],
    ['Batch ID', batch.batchId],
    ['QR codes', String(batch.count)],
    ['Partner', sample.customTitle ? `${sample.customTitle} (${sample.clinicName})` : sample.clinicName],
    ['Discount', `${formatDiscount(sample.discountType, sample.discountValue)} · ${sample.service}`],
    [
      'Valid until',
      sample.expirationDate ? formatDate(sample.expirationDate, viewerTimeZone()) : NO_EXPIRATION_TEXT,
    ],
    [
      'Logo',
      logoUrl ? 'Your logo is printed on every voucher' : 'No logo: the partner’s initials are printed',
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
              Batch created
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {batch.count} vouchers are ready to download.
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
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, fontWeight: 600, wordBreak: 'break-word' }}
                  data-testid={label === 'Batch ID' ? 'batch-id' : undefined}
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
              alt="Batch logo"
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
          Download the batch
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          One ZIP with a voucher card for every code, or one PDF to print with four cards a page and crop
          marks.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            Card size
          </Typography>
          <CardSizeSelect />
        </Box>
        <ZipButtons source={{ batchId: batch.batchId }} sheets />
        <Box sx={{ mt: 1.5 }}>
          <SendToMembersButton source={{ batchId: batch.batchId }} what={`batch ${batch.batchName}`} />
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          Codes in this batch
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
            and {batch.count - LISTED} more (all of them are in the ZIP and under Batches on the dashboard).
          </Typography>
        )}
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={onAnother}
          sx={{ mt: 3 }}
          fullWidth
        >
          Generate Another Batch
        </Button>
      </CardContent>
    </Card>
  );
}
