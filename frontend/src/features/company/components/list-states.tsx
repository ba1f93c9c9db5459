import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { LoadingState } from '@/components/feedback/loading-state';
import { StatusPanel } from '@/components/feedback/status-panel';
import { useT } from '@/i18n/i18n';

/**
 * The loading, error and empty states of a list; renders `children` once there are rows.
 */
export function ListStates({
  query,
  loadingMessage,
  errorTitle,
  empty,
  children,
}: {
  query: {
    data: { total: number } | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  loadingMessage: string;
  errorTitle: string;
  empty: { icon: ReactNode; title: string; description: string; testId: string };
  children: ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <LoadingState message={loadingMessage} />;
  if (query.isError && !query.data)
    return (
      <StatusPanel
        tone="error"
        icon={<ErrorOutlineRoundedIcon />}
        title={errorTitle}
        description={t('dashboard.company.checkConnection')}
        action={
          <Button variant="outlined" onClick={() => void query.refetch()}>
            {t('dashboard.company.tryAgain')}
          </Button>
        }
      />
    );
  if (query.data?.total === 0)
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
