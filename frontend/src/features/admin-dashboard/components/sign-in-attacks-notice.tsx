import { formatMonthDayTimeIn } from '@avpass/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { viewerTimeZone } from '@/lib/time-zone';
import { useWords } from '@/i18n/i18n';
import { useSignInAttacks } from '../api/get-sign-in-attacks';

/**
 * The admin dashboard's alert while an account's failed sign-ins from unrecognised browsers passed the
 * account-wide budget (issue 37): from then on every such attempt waits, while a browser the user
 * signed in on before still signs in at once. Nothing is shown when there is none (or on an error).
 */
export function SignInAttacksNotice() {
  const { t, language } = useWords();
  const attacks = useSignInAttacks().data ?? [];
  if (attacks.length === 0) return null;
  const zone = viewerTimeZone();
  return (
    <>
      {attacks.map((attack) => (
        <Alert key={attack.userId} severity="warning" data-testid="sign-in-attack-notice" sx={{ mb: 3 }}>
          <AlertTitle>{t('dashboard.attack.title', { username: attack.username })}</AlertTitle>
          {t('dashboard.attack.text', {
            count: attack.failedAttempts,
            since: formatMonthDayTimeIn(language, attack.since, zone),
            last: formatMonthDayTimeIn(language, attack.lastFailure, zone),
          })}
        </Alert>
      ))}
    </>
  );
}
