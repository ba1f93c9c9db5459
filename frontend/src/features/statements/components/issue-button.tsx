import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { errorMessageOf } from '@/lib/api-client';
import { monthName, useIssueStatements, useRefreshStatementsWhile } from '@/lib/statements-api';

/** Issue <month>: every partner's statement of the period, once (the screen keeps its key until an answer). */
export function IssueButton({ period }: { period: string }) {
  const issue = useIssueStatements();
  const answer = issue.data?.period === period ? issue.data : undefined;
  useRefreshStatementsWhile(Boolean(answer?.running));
  return (
    <Stack spacing={1} sx={{ alignItems: { md: 'flex-end' } }}>
      <Button
        variant="contained"
        disabled={issue.isPending}
        onClick={() => issue.mutate({ period })}
        startIcon={issue.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Issue {monthName(period)}
      </Button>
      {answer && !answer.running && (
        <Alert severity="success" data-testid="issue-result">
          {answer.issued.toLocaleString('en-US')} issued, {answer.alreadyIssued.toLocaleString('en-US')}{' '}
          already issued.
        </Alert>
      )}
      {answer?.running && (
        <Alert severity="info" data-testid="issue-result" role="status">
          Issuing {monthName(period)} in the background: {answer.issued.toLocaleString('en-US')} issued so
          far. The statements appear below as they are issued.
        </Alert>
      )}
      {issue.isError && issue.variables?.period === period && (
        <Alert severity="error" data-testid="issue-result">
          {errorMessageOf(issue.error, 'The statements could not be issued.')}
        </Alert>
      )}
    </Stack>
  );
}
