import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useResendStatement, useStatementDeliveries } from '@/lib/statements-api';

const STATUS_WORDS = { queued: 'Sending', sent: 'Sent', failed: 'Failed' } as const;

/**
 * The administrator's view of a statement's e-mails to the partner's staff: each recipient with its
 * state, a failed one with the mail server's reason, and Re-send (failed ones again, new staff mailed).
 */
export function StatementDeliveries({ statementId }: { statementId: string }) {
  const deliveries = useStatementDeliveries(statementId);
  const resend = useResendStatement();
  const items = deliveries.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }} data-testid="statement-deliveries">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          E-mails to the partner
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={resend.isPending}
          onClick={() => resend.mutate(statementId)}
        >
          Re-send
        </Button>
      </Stack>
      {resend.data && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {resend.data.retried} failed e-mail(s) sent again, {resend.data.recorded} new recipient(s) mailed.
        </Alert>
      )}
      {resend.error && <Alert severity="error">{resend.error.message}</Alert>}
      {!items.length && (
        <Typography color="text.secondary">
          No e-mail: the partner has no active staff with an address.
        </Typography>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((d) => (
          <li key={d.recipient}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {d.recipient}
            </Typography>
            {` · ${STATUS_WORDS[d.status]}`}
            {d.sentAt ? ` ${d.sentAt.slice(0, 16).replace('T', ' ')} UTC` : ''}
            {d.status === 'failed' && d.lastError && (
              <Typography variant="body2" color="error">
                {d.lastError}
              </Typography>
            )}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
