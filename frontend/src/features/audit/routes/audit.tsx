import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { AuditEntryList } from '@/components/audit/audit-entry-list';
import { useT } from '@/i18n/i18n';
import { AuditFilterForm } from '../components/audit-filter-form';
import { ExportAuditButton } from '../components/export-audit-button';
import { useAuditTrail } from '../lib/use-audit-trail';

/**
 * The audit trail (issue 26, administrators): who changed what and when, filtered by person, action,
 * target and dates (kept in the URL, so a code's "History" link opens here), newest first, each entry
 * opening its before → after; Export CSV downloads the same query.
 */
export function AuditRoute() {
  const trail = useAuditTrail();
  const t = useT();

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 6 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-end' },
          justifyContent: 'space-between',
          gap: 2,
          mb: { xs: 3, md: 4 },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            {t('audit.overline')}
          </Typography>
          <Typography variant="h3" component="h1" data-testid="page-title">
            {t('audit.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('audit.intro')}
          </Typography>
        </Box>
        <ExportAuditButton query={trail.query} />
      </Box>

      {/* Keyed on the URL: Back/Forward and a History link refill the fields. */}
      <AuditFilterForm
        key={trail.appliedKey}
        initial={trail.applied}
        people={trail.people}
        onApply={trail.apply}
      />

      <Card sx={{ p: { xs: 1.5, md: 2 } }}>
        <AuditEntryList query={trail.entries} label={t('audit.entries')} emptyText={t('audit.empty')} />
      </Card>
    </Container>
  );
}
