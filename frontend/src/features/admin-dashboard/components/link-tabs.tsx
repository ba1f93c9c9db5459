import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '@/components/feedback/status-panel';
import { paths } from '@/config/paths';

/** Athlete/Partnership Analytics lives on its own screen. */
export function AnalyticsTab() {
  return (
    <StatusPanel
      tone="accent"
      icon={<InsightsOutlinedIcon />}
      title="Athlete/Partnership Analytics"
      description="Redemptions, transaction volume and discounts given per trainer and athlete."
      action={
        <Button component={RouterLink} to={paths.trainerAnalytics.path} variant="contained">
          Open Analytics
        </Button>
      }
    />
  );
}
