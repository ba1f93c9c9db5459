import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { queuedText, renderingText } from './queue-text';
import type { ZipJobStatus } from './zip-job';

/**
 * The progress of a ZIP job: rendered count, a bar (indeterminate until the job reports) and, for a
 * job that runs more than a few seconds (a large batch), the time left at the rate seen so far.
 */
export function ZipProgress({ status }: { status: ZipJobStatus }) {
  if (status.phase !== 'running') return null;
  const job = status.job;
  const label = !job
    ? 'Starting ZIP...'
    : job.state === 'queued'
      ? queuedText(job.position)
      : renderingText(job.done, job.total, job.progress, status.secondsLeft ?? null);
  return (
    <Box data-testid="zip-progress" sx={{ my: 1 }} role="status" aria-live="polite">
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {label}
      </Typography>
      <LinearProgress
        variant={job && job.state === 'active' ? 'determinate' : 'indeterminate'}
        value={job?.progress ?? 0}
        aria-label="ZIP progress"
      />
    </Box>
  );
}
