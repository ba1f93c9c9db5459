import type { QrCode } from '@avpass/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { DiscountForm } from '../components/discount-form';
import { LocalHostWarning } from '@/components/feedback/local-host-warning';
import { LogoUpload } from '@/components/form/logo-upload-card';
import { QrPreviewCard } from '../components/qr-preview-card';
import { QuickTips } from '@/components/vouchers/quick-tips';
import { RecentCodesCard } from '@/components/vouchers/recent-codes-card';
import { scrollClearOfHeader } from '@/lib/scroll-into-view';
import { useT } from '@/i18n/i18n';

/**
 * Generate QR Code (/generate, spec section 2): any signed-in user creates one voucher; an administrator
 * for any partner (or none), a company_admin for its own company.
 */
export function GenerateRoute() {
  return <GenerateScreen />;
}

function GenerateScreen() {
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const [generated, setGenerated] = useState<QrCode | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  const t = useT();

  // Bring the new code into view (below the form on a phone) with its top clear of the sticky
  // header: the QR itself is never half hidden under it, its download buttons follow below.
  useEffect(() => {
    if (generated && preview.current) scrollClearOfHeader(preview.current);
  }, [generated]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          {t('generate.overline')}
        </Typography>
        <Typography variant="h3" component="h1">
          {t('generate.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('generate.intro')}
        </Typography>
      </Box>
      <LocalHostWarning />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('generate.logo.heading')}
              </Typography>
              <LogoUpload logoUrl={logoUrl} onChange={setLogoUrl} />
            </CardContent>
          </Card>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2.5 }}>
                {t('generate.details.heading')}
              </Typography>
              <DiscountForm logoUrl={logoUrl} onLogoChange={setLogoUrl} onGenerated={setGenerated} />
            </CardContent>
          </Card>
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Box ref={preview} data-testid="generated-preview">
            <QrPreviewCard code={generated} />
          </Box>
          <RecentCodesCard />
          <QuickTips />
        </Box>
      </Box>
    </Container>
  );
}
