import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeIn, formatNumberIn } from '@avpass/domain';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { useResendStatement, useStatementDeliveries } from '@/lib/statements-api';

/**
 * The administrator's view of a statement's e-mails to the partner's staff: each recipient with its
 * state, a failed one with the mail server's reason, and Re-send (failed ones again, new staff mailed).
 */
export function StatementDeliveries({ statementId }: { statementId: string }) {
  const t = useT();
  const language = useLanguage();
  const n = (value: number) => formatNumberIn(language, value);
  const deliveries = useStatementDeliveries(statementId);
  const resend = useResendStatement();
  const items = deliveries.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }} data-testid="statement-deliveries">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('statements.deliveries.title')}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={resend.isPending}
          onClick={() => resend.mutate(statementId)}
        >
          {t('statements.deliveries.resend')}
        </Button>
      </Stack>
      {resend.data && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {t('statements.deliveries.resent', {
            retried: n(resend.data.retried),
            recorded: n(resend.data.recorded),
          })}
        </Alert>
      )}
      {resend.error && (
        <Alert severity="error">{apiErrorText(resend.error, t('statements.deliveries.resendFailed'))}</Alert>
      )}
      {!items.length && <Typography color="text.secondary">{t('statements.deliveries.none')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((d) => (
          <li key={d.recipient}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {d.recipient}
            </Typography>
            {t(`statements.deliveries.status.${d.status}`)}
            {d.sentAt
              ? t('statements.deliveries.sentAt', {
                  when:
                    language === 'en'
                      ? d.sentAt.slice(0, 16).replace('T', ' ')
                      : formatDateTimeIn(language, d.sentAt, 'UTC'),
                })
              : ''}
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
