import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useWords } from '@/i18n/i18n';
import { queuedText, renderingText } from './queue-text';
import type { ZipJobStatus } from './zip-job';

/**
 * The progress of a ZIP job: rendered count, a bar (indeterminate until the job reports) and, for a
 * job that runs more than a few seconds (a large batch), the time left at the rate seen so far.
 */
export function ZipProgress({ status }: { status: ZipJobStatus }) {
  const words = useWords();
  if (status.phase !== 'running') return null;
  const job = status.job;
  const label = !job
    ? words.t('staff.zip.starting')
    : job.state === 'queued'
      ? queuedText(job.position, words)
      : renderingText(job.done, job.total, job.progress, status.secondsLeft ?? null, words);
  return (
    <Box data-testid="zip-progress" sx={{ my: 1 }} role="status" aria-live="polite">
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {label}
      </Typography>
      <LinearProgress
        variant={job && job.state === 'active' ? 'determinate' : 'indeterminate'}
        value={job?.progress ?? 0}
        aria-label={words.t('staff.zip.progress')}
      />
    </Box>
  );
}
