import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatNumberIn } from '@avpass/domain';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { useResendFailedMail } from '@/lib/statements-api';

/**
 * The month's bulk re-send: every failed e-mail of its statements goes out again (a statement's own
 * e-mails, with their reasons, are on its page). Says how many, or that none had failed, on a line of
 * its own in the row of the period's actions.
 */
export function ResendFailedButton({ period, monthLabel }: { period: string; monthLabel: string }) {
  const t = useT();
  const language = useLanguage();
  const resend = useResendFailedMail();
  const done = resend.data?.period === period ? resend.data : undefined;
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        disabled={resend.isPending}
        onClick={() => resend.mutate(period)}
        data-testid="resend-failed"
      >
        {t('statements.resend.button')}
      </Button>
      {done && (
        <Alert severity={done.retried ? 'success' : 'info'} sx={{ flexBasis: '100%' }} role="status">
          {done.retried
            ? t('statements.resend.done', {
                retried: formatNumberIn(language, done.retried),
                statements: formatNumberIn(language, done.statements),
              })
            : t('statements.resend.none', { month: monthLabel })}
        </Alert>
      )}
      {resend.error && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {apiErrorText(resend.error, t('statements.resend.failed'))}
        </Alert>
      )}
    </>
  );
}
