import type { BulkGenerateResponse } from '@avpass/contracts';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LocalHostWarning } from '@/components/feedback/local-host-warning';
import { BatchSummary } from '../components/batch-summary';
import { BulkForm } from '../components/bulk-form';
import { useT } from '@/i18n/i18n';

/**
 * Bulk QR Generator (/bulk, spec section 2; any signed-in user, a company_admin for its own company):
 * form state, then result state (spec section 4).
 */
export function BulkRoute() {
  return <BulkScreen />;
}

function BulkScreen() {
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const [batch, setBatch] = useState<BulkGenerateResponse | null>(null);
  const t = useT();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Button
        component={RouterLink}
        to={paths.dashboard.path}
        startIcon={<ArrowBackRoundedIcon />}
        sx={{ mb: 2 }}
      >
        {t('generate.bulk.back')}
      </Button>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          {t('generate.bulk.overline')}
        </Typography>
        <Typography variant="h3" component="h1">
          {t('generate.bulk.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('generate.bulk.intro')}
        </Typography>
      </Box>
      <LocalHostWarning />
      {batch ? (
        <BatchSummary
          batch={batch}
          logoUrl={logoUrl}
          onAnother={() => {
            setBatch(null);
            setLogoUrl(null);
          }}
        />
      ) : (
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <BulkForm logoUrl={logoUrl} onLogoChange={setLogoUrl} onGenerated={setBatch} />
          </CardContent>
        </Card>
      )}
    </Container>
  );
}
