import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '@/i18n/i18n';
import { AnalyticsFiltersCard } from '../components/analytics-filters-card';
import { ActiveTrainersCard, BreakdownSection } from '../components/analytics-lists';
import { AnalyticsOverview } from '../components/analytics-overview';
import { useAnalyticsView } from '../lib/use-analytics-view';

/** Athlete/Partnership Analytics (/trainer-analytics): the administrator sees every trainer code, a company its own. */
export function TrainerAnalyticsRoute() {
  const t = useT();
  const view = useAnalyticsView();
  const { exporting, exportCsv } = view;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h3" component="h1">
            {t('credits.analytics.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('credits.analytics.intro')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={
            exporting ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />
          }
          onClick={() => void exportCsv()}
          disabled={exporting}
          data-testid="export-csv"
        >
          {t('credits.analytics.export')}
        </Button>
      </Stack>
      <AnalyticsFiltersCard view={view} />
      <AnalyticsOverview view={view} />

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' },
          alignItems: 'start',
        }}
      >
        <ActiveTrainersCard trainers={view.trainers} />
        <BreakdownSection view={view} />
      </Box>
    </Container>
  );
}
