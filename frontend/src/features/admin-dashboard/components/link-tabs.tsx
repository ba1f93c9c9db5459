import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '@/components/feedback/status-panel';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';

/** Athlete/Partnership Analytics lives on its own screen. */
export function AnalyticsTab() {
  const t = useT();
  return (
    <StatusPanel
      tone="accent"
      icon={<InsightsOutlinedIcon />}
      title={t('dashboard.tab.analytics')}
      description={t('dashboard.analytics.text')}
      action={
        <Button component={RouterLink} to={paths.trainerAnalytics.path} variant="contained">
          {t('dashboard.analytics.open')}
        </Button>
      }
    />
  );
}
