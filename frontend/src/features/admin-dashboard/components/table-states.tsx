import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '@/lib/api-client';

/** Loading, error and empty rows for a table body, so every table has the same designed states. */
export function TableStateRow({
  columns,
  state,
  error,
  emptyText,
  onRetry,
}: {
  columns: number;
  state: 'loading' | 'error' | 'empty';
  error?: unknown;
  emptyText?: string;
  onRetry?: () => void;
}) {
  if (state === 'loading') {
    return (
      <>
        {Array.from({ length: 3 }, (_, i) => (
          <TableRow key={i} aria-hidden={i > 0}>
            <TableCell colSpan={columns}>
              <Skeleton height={28} aria-label={i === 0 ? 'Loading' : undefined} />
            </TableCell>
          </TableRow>
        ))}
      </>
    );
  }
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 5, textAlign: 'center' }}>
        {state === 'error' ? (
          <Alert
            severity="error"
            sx={{ textAlign: 'left' }}
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
        ) : (
          <Typography color="text.secondary">{emptyText}</Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
