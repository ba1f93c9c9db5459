import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '@/lib/api-client';

export type ListStateKind = 'loading' | 'error' | 'empty';

/** Loading, error and empty states for the phone (card) layout of a list. */
export function ListState({
  state,
  error,
  emptyText,
  onRetry,
}: {
  state: ListStateKind;
  error?: unknown;
  emptyText?: string;
  onRetry?: () => void;
}) {
  if (state === 'loading') {
    return (
      <Box role="status" aria-label="Loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={120} sx={{ mb: 1.5 }} />
        ))}
      </Box>
    );
  }
  if (state === 'error') {
    return (
      <Alert
        severity="error"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          )
        }
      >
        {errorMessageOf(error, 'This list could not be loaded.')}
      </Alert>
    );
  }
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {emptyText}
    </Typography>
  );
}
