import Alert from '@mui/material/Alert';
import { useT } from '@/i18n/i18n';
import { isLocalHost } from '@/lib/local-host';

/** Spec section 2: codes made on a local address point at this machine and will not open on other phones. */
export function LocalHostWarning() {
  const t = useT();
  if (!isLocalHost()) return null;
  return (
    <Alert severity="warning" data-testid="local-host-warning" sx={{ mb: 3 }}>
      {t('staff.localHost', { host: window.location.host })}
    </Alert>
  );
}
