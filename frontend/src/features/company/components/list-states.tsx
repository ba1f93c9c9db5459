import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { LoadingState } from '@/components/feedback/loading-state';
import { StatusPanel } from '@/components/feedback/status-panel';

/**
 * The loading, error and empty states of a list; renders `children` once there are rows.
 */
export function ListStates({
  isPending,
  error,
  isEmpty,
  loadingMessage,
  errorTitle,
  onRetry,
  empty,
  children,
}: {
  isPending: boolean;
  error: boolean;
  isEmpty: boolean;
  loadingMessage: string;
  errorTitle: string;
  onRetry: () => void;
  empty: { icon: ReactNode; title: string; description: string; testId: string };
  children: ReactNode;
}) {
  if (isPending) return <LoadingState message={loadingMessage} />;
  if (error)
    return (
      <StatusPanel
        tone="error"
        icon={<ErrorOutlineRoundedIcon />}
        title={errorTitle}
        description="Check your connection and try again."
        action={
          <Button variant="outlined" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  if (isEmpty)
    return (
      <StatusPanel
        testId={empty.testId}
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
      />
    );
  return <>{children}</>;
}
