import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '@/lib/api-client';
import { sendIsRunning, useSendProgress, type SendProgress } from '@/lib/members-api';

const n = (value: number) => value.toLocaleString('en-US');

/** "Preparing codes and messages…", "All sent.", or why it stopped. */
function headline(progress: SendProgress): string {
  if (progress.status === 'failed') return `The send stopped: ${progress.reason ?? 'no reason given'}`;
  if (progress.status === 'expanding') return 'Preparing each member’s code and message…';
  if (progress.pending > 0) return 'Sending…';
  return progress.failed > 0 ? 'Finished, with some messages not sent.' : 'All sent.';
}

/**
 * The send's progress under its "N queued" answer (decision 340): polled from GET
 * /api/members/sends/{sendId} while it runs; each member's own status stays on their page.
 */
export function SendProgressView({ sendId, queued }: { sendId: string; queued: number }) {
  const progress = useSendProgress(sendId);
  const data = progress.data;
  if (progress.isError)
    return (
      <Alert severity="warning" sx={{ mt: 1 }} data-testid="send-progress-error">
        {errorMessageOf(progress.error, 'How far the send has got cannot be shown now.')}
      </Alert>
    );
  const done = data ? data.sent + data.failed : 0;
  const total = Math.max(queued, data?.recorded ?? 0);
  const running = sendIsRunning(data);
  return (
    <Box sx={{ mt: 1.5 }} data-testid="send-progress" aria-live="polite">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {data ? headline(data) : 'Asking how the send is going…'}
      </Typography>
      <LinearProgress
        variant={data && total > 0 ? 'determinate' : 'indeterminate'}
        value={total > 0 ? Math.min(100, (done / total) * 100) : 0}
        aria-label="Send progress"
        color={data?.status === 'failed' ? 'error' : running ? 'primary' : 'success'}
      />
      {data && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5 }}
          data-testid="send-progress-counts"
        >
          {n(data.sent)} sent · {n(data.failed)} failed · {n(data.pending)} waiting
          {data.refused > 0 && ` · ${n(data.refused)} member(s) got no code`}
        </Typography>
      )}
    </Box>
  );
}
