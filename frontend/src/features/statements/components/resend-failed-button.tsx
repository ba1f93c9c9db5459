import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useResendFailedMail } from '@/lib/statements-api';

/**
 * The month's bulk re-send: every failed e-mail of its statements goes out again (a statement's own
 * e-mails, with their reasons, are on its page). Says how many, or that none had failed, on a line of
 * its own in the row of the period's actions.
 */
export function ResendFailedButton({ period, monthLabel }: { period: string; monthLabel: string }) {
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
        Re-send failed e-mails
      </Button>
      {done && (
        <Alert severity={done.retried ? 'success' : 'info'} sx={{ flexBasis: '100%' }} role="status">
          {done.retried
            ? `${done.retried} failed e-mail(s) of ${done.statements} statement(s) sent again.`
            : `No e-mail of ${monthLabel} had failed.`}
        </Alert>
      )}
      {resend.error && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {resend.error.message}
        </Alert>
      )}
    </>
  );
}
