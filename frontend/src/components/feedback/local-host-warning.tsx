import Alert from '@mui/material/Alert';
import { isLocalHost } from '@/lib/local-host';

/** Spec section 2: codes made on a local address point at this machine and will not open on other phones. */
export function LocalHostWarning() {
  if (!isLocalHost()) return null;
  return (
    <Alert severity="warning" data-testid="local-host-warning" sx={{ mb: 3 }}>
      You are running AV Pass on a local address ({window.location.host}). Unless the server has a public
      address configured, QR codes made here point to this computer and will not work on other phones.
    </Alert>
  );
}
