import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import type { ListStateKind } from './list-state';

interface StateProps {
  state: ListStateKind;
  error?: unknown;
  emptyText?: string;
  onRetry?: () => void;
}

/** A failed load: the server's message in the reader's language (else `fallback`) with a Retry action. */
export function LoadErrorAlert({
  error,
  onRetry,
  fallback,
  sx,
}: {
  error: unknown;
  onRetry?: () => void;
  fallback?: string;
  sx?: SxProps<Theme>;
}) {
  const t = useT();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('staff.list.retry')}
          </Button>
        )
      }
    >
      {apiErrorText(error, fallback ?? t('staff.list.loadFailed'))}
    </Alert>
  );
}

/** Loading, error and empty states for the phone (card) layout of a list. */
export function ListState({ state, error, emptyText, onRetry }: StateProps) {
  const t = useT();
  if (state === 'loading') {
    return (
      <Box role="status" aria-label={t('staff.list.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={120} sx={{ mb: 1.5 }} />
        ))}
      </Box>
    );
  }
  if (state === 'error') return <LoadErrorAlert error={error} onRetry={onRetry} />;
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {emptyText}
    </Typography>
  );
}

/** Loading, error and empty rows for a table body, so every table has the same designed states. */
export function TableStateRow({
  columns,
  state,
  error,
  emptyText,
  onRetry,
}: StateProps & { columns: number }) {
  const t = useT();
  if (state === 'loading') {
    return (
      <>
        {Array.from({ length: 3 }, (_, i) => (
          <TableRow key={i} aria-hidden={i > 0}>
            <TableCell colSpan={columns}>
              {/* A name needs a role to hang on (axe: aria-prohibited-attr on a bare span). */}
              <Skeleton
                height={28}
                {...(i === 0 && { role: 'status', 'aria-label': t('staff.list.loading') })}
              />
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
          <LoadErrorAlert error={error} onRetry={onRetry} sx={{ textAlign: 'left' }} />
        ) : (
          <Typography color="text.secondary">{emptyText}</Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
