import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { formatNumberIn } from '@avpass/domain';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { monthName, useIssueStatements, useRefreshStatementsWhile } from '@/lib/statements-api';

/** Issue <month>: every partner's statement of the period, once (the screen keeps its key until an answer). */
export function IssueButton({ period }: { period: string }) {
  const t = useT();
  const language = useLanguage();
  const n = (value: number) => formatNumberIn(language, value);
  const month = monthName(period, language);
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
        {t('statements.issue.button', { month })}
      </Button>
      {answer && !answer.running && (
        <Alert severity="success" data-testid="issue-result">
          {t('statements.issue.done', { issued: n(answer.issued), already: n(answer.alreadyIssued) })}
        </Alert>
      )}
      {answer?.running && (
        <Alert severity="info" data-testid="issue-result" role="status">
          {t('statements.issue.running', { month, issued: n(answer.issued) })}
        </Alert>
      )}
      {issue.isError && issue.variables?.period === period && (
        <Alert severity="error" data-testid="issue-result">
          {apiErrorText(issue.error, t('statements.issue.failed'))}
        </Alert>
      )}
    </Stack>
  );
}
