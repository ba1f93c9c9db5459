import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatNumberIn } from '@avpass/domain';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { sendIsRunning, useSendProgress, type SendProgress } from '@/lib/members-api';

/** "Preparing codes and messages…", "All sent.", or why it stopped. */
function headline(progress: SendProgress): MessageId {
  if (progress.status === 'expanding') return 'staff.members.progress.preparing';
  if (progress.pending > 0) return 'staff.members.progress.sending';
  return progress.failed > 0 ? 'staff.members.progress.someFailed' : 'staff.members.progress.allSent';
}

/**
 * The send's progress under its "N queued" answer (decision 340): polled from GET
 * /api/members/sends/{sendId} while it runs; each member's own status stays on their page.
 */
export function SendProgressView({ sendId, queued }: { sendId: string; queued: number }) {
  const t = useT();
  const language = useLanguage();
  const n = (value: number) => formatNumberIn(language, value);
  const progress = useSendProgress(sendId);
  const data = progress.data;
  if (progress.isError)
    return (
      <Alert severity="warning" sx={{ mt: 1 }} data-testid="send-progress-error">
        {apiErrorText(progress.error, t('staff.members.progress.unknown'))}
      </Alert>
    );
  const done = data ? data.sent + data.failed : 0;
  const total = Math.max(queued, data?.recorded ?? 0);
  const running = sendIsRunning(data);
  return (
    <Box sx={{ mt: 1.5 }} data-testid="send-progress" aria-live="polite">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {!data
          ? t('staff.members.progress.asking')
          : data.status === 'failed'
            ? t('staff.members.progress.stopped', {
                reason: data.reason ?? t('staff.members.progress.noReason'),
              })
            : t(headline(data))}
      </Typography>
      <LinearProgress
        variant={data && total > 0 ? 'determinate' : 'indeterminate'}
        value={total > 0 ? Math.min(100, (done / total) * 100) : 0}
        aria-label={t('staff.members.progress.label')}
        color={data?.status === 'failed' ? 'error' : running ? 'primary' : 'success'}
      />
      {data && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5 }}
          data-testid="send-progress-counts"
        >
          {t('staff.members.progress.counts', {
            sent: n(data.sent),
            failed: n(data.failed),
            pending: n(data.pending),
          })}
          {data.refused > 0 && t('staff.members.progress.refused', { count: n(data.refused) })}
        </Typography>
      )}
    </Box>
  );
}
