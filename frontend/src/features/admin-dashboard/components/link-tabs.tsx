import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import SportsOutlinedIcon from '@mui/icons-material/SportsOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '@/components/feedback/status-panel';
import { paths } from '@/config/paths';

/** Trainer/Athlete QR: creation lives on /trainer-qr; trainer codes are listed here once that screen exists. */
export function TrainerTab() {
  return (
    <StatusPanel
      icon={<SportsOutlinedIcon />}
      title="No trainer/athlete QR codes created yet."
      description="Trainer and athlete codes give a personal discount with a photo and role on the voucher."
      testId="trainer-tab"
      action={
        <Button component={RouterLink} to={paths.trainerQr.path} variant="contained">
          Create Trainer/Athlete QR
        </Button>
      }
    />
  );
}

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
