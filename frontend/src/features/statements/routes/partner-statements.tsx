import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import type { StatementStatus } from '@avpass/contracts';
import { STATEMENT_STATUSES } from '@avpass/contracts';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ListState } from '@/components/data-display/list-states';
import { listStateOf } from '@/components/data-display/list-state';
import { StatusFilter } from '@/components/data-display/table-filters';
import { paths } from '@/config/paths';
import { useStatements } from '@/lib/statements-api';
import { StatementStatusChip } from '../components/statement-status';
import { useStatementWords } from '../lib/statement-words';
import { ScreenHeading } from '@/components/data-display/screen-heading';

const statusOf = (value: string | null): StatementStatus | undefined =>
  STATEMENT_STATUSES.find((s) => s === value);

/** The partner's statements (/statements, company_admin): each month, its status and the net. */
export function PartnerStatementsRoute() {
  const { t, statusLabels, net, title } = useStatementWords();
  const [search, setSearch] = useSearchParams();
  const status = statusOf(search.get('status'));
  const query = useStatements({ status });
  const state = listStateOf(query);

  function setStatus(next: StatementStatus | undefined) {
    const params = new URLSearchParams(search);
    if (next) params.set('status', next);
    else params.delete('status');
    setSearch(params, { replace: true });
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <ScreenHeading
        overline={t('statements.partner.overline')}
        title={t('statements.partner.title')}
        intro={t('statements.partner.intro')}
        action={<StatusFilter value={status} onChange={setStatus} labels={statusLabels} />}
      />
      <Paper variant="outlined">
        {state ? (
          <Box sx={{ p: 3 }}>
            <ListState
              state={state}
              error={query.error}
              emptyText={status ? t('statements.partner.emptyFiltered') : t('statements.partner.empty')}
              onRetry={() => void query.refetch()}
            />
          </Box>
        ) : (
          <List disablePadding aria-label={t('statements.partner.title')}>
            {query.data?.items.map((statement, index) => (
              <ListItem
                key={statement.id}
                disablePadding
                divider={index < (query.data?.items.length ?? 0) - 1}
              >
                <ListItemButton
                  component={RouterLink}
                  to={paths.statement.getHref(statement.id)}
                  data-testid="statement-row"
                  data-id={statement.id}
                  sx={{ py: 2, gap: 2 }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                    >
                      <Typography sx={{ fontWeight: 700 }}>
                        {title(statement.period, statement.revision)}
                      </Typography>
                      <StatementStatusChip status={statement.status} />
                    </Stack>
                    <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
                      {net(statement.netCents)}
                    </Typography>
                  </Box>
                  <ChevronRightRoundedIcon aria-hidden color="action" />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Container>
  );
}
