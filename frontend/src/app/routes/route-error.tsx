import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { StatusPanel } from '@/components/feedback/status-panel';
import { useT } from '@/i18n/i18n';

/** Last resort when a screen throws while rendering (or its code failed to load after a deploy). */
export function RouteErrorRoute() {
  // The public catalog's words: loaded with the app for every visitor, signed in or not.
  const t = useT();
  return (
    <Container maxWidth="sm" sx={{ py: 12 }}>
      <StatusPanel
        tone="error"
        icon={<ReportProblemOutlinedIcon />}
        title={t('routeError.title')}
        description={t('routeError.text')}
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      />
    </Container>
  );
}
