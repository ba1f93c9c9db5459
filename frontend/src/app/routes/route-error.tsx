import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { StatusPanel } from '@/components/feedback/status-panel';

/** Last resort when a screen throws while rendering (or its code failed to load after a deploy). */
export function RouteErrorRoute() {
  return (
    <Container maxWidth="sm" sx={{ py: 12 }}>
      <StatusPanel
        tone="error"
        icon={<ReportProblemOutlinedIcon />}
        title="Something went wrong"
        description="This page could not be shown. Reloading usually fixes it; if not, please contact the AV Pass team."
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        }
      />
    </Container>
  );
}
