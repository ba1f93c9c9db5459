import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { useT } from '@/i18n/i18n';
import { isMissingRoute } from '@/lib/members-api';

/** The paged answer of a section's list (an infinite query), as the section reads it. */
export interface SectionQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A titled section of a member's page over a keyset list: loading, a friendly "not available" when the
 * server has no such route yet (404), an error with Retry, the empty line, the rows and "Load more".
 */
export function MemberSection({
  title,
  testId,
  query,
  count,
  emptyText,
  unavailableText,
  action,
  children,
}: {
  title: string;
  testId: string;
  query: SectionQuery;
  count: number;
  emptyText: string;
  unavailableText: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton height={56} role="status" aria-label={t('members.section.loading')} />;
  } else if (query.isError && count === 0 && isMissingRoute(query.error)) {
    body = (
      <Alert severity="info" data-testid={`${testId}-unavailable`}>
        {unavailableText}
      </Alert>
    );
  } else if (query.isError && count === 0) {
    body = <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  } else if (count === 0) {
    body = <Typography color="text.secondary">{emptyText}</Typography>;
  } else {
    body = (
      <>
        {children}
        {query.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Button
              variant="outlined"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? t('members.section.loadingMore') : t('members.section.loadMore')}
            </Button>
          </Box>
        )}
      </>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {body}
    </Paper>
  );
}
