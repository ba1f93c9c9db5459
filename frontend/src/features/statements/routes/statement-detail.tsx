import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/feedback/loading-state';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/i18n/api-error-text';
import { useSession } from '@/lib/session/use-session';
import { useStatement } from '@/lib/statements-api';
import { useStatementWords } from '../lib/statement-words';
import { DocumentButtons } from '../components/document-buttons';
import { StatementActions } from '../components/statement-actions';
import { StatementDeliveries } from '../components/statement-deliveries';
import { StatementLines } from '../components/statement-lines';
import { StatementStatusChip } from '../components/statement-status';
import { StatementTotals } from '../components/statement-totals';
import { ScreenHeading } from '@/components/data-display/screen-heading';
import { StatementNotes } from '../components/statement-notes';

/** One statement (/statements/:id): totals, lines by section, documents and what the viewer may do. */
export function StatementDetailRoute() {
  const { t, title } = useStatementWords();
  const { id = '' } = useParams();
  const session = useSession();
  const query = useStatement(id);
  const partnerView = session.user?.role !== 'super_admin';
  const back = partnerView ? paths.statements.path : paths.adminStatements.path;

  const backButton = (
    <Button variant="outlined" component={RouterLink} to={back} startIcon={<ArrowBackRoundedIcon />}>
      {t('statements.detail.back')}
    </Button>
  );
  const first = query.data?.pages[0];
  if (!first)
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        {query.isError ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error">{apiErrorText(query.error, t('statements.detail.loadFailed'))}</Alert>
            {backButton}
          </Stack>
        ) : (
          <LoadingState message={t('statements.detail.loading')} />
        )}
      </Container>
    );
  const { lines: _lines, nextCursor: _next, ...statement } = first;
  const lines = (query.data?.pages ?? []).flatMap((page) => page.lines);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ScreenHeading
        overline={partnerView ? t('statements.detail.overline') : statement.partnerName}
        title={title(statement.period, statement.revision)}
        action={backButton}
      />
      <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <StatementStatusChip status={statement.status} />
        <Typography variant="body2" color="text.secondary">
          {t('statements.detail.lines', { count: statement.lineCount })}
        </Typography>
      </Stack>
      <StatementTotals statement={statement} partnerView={partnerView} />
      <StatementNotes statement={statement} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <StatementActions statement={statement} lines={lines} partnerView={partnerView} />
        <DocumentButtons id={statement.id} />
      </Stack>
      <StatementLines lines={lines} disputed={statement.disputedLineIds} partnerView={partnerView} />
      {query.hasNextPage && (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('statements.detail.loadMore')}
        </Button>
      )}
      {!partnerView && <StatementDeliveries statementId={statement.id} />}
    </Container>
  );
}
