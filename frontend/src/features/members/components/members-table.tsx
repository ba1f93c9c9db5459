import type { Member, MemberSort } from '@avpass/contracts';
import { formatDateIn } from '@avpass/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import type { ListStateKind } from '@/components/data-display/list-state';
import { ListState, TableStateRow } from '@/components/data-display/list-states';
import { MobileCard } from '@/components/data-display/mobile-card';
import { paths } from '@/config/paths';
import { useLanguage, useT } from '@/i18n/i18n';
import { memberName } from '@/lib/members-api';
import { viewerTimeZone } from '@/lib/time-zone';
import { ConsentChips, TagChips } from './consent-chips';
import { ColumnHeads } from '@/components/data-display/column-heads';

function Contact({ member }: { member: Member }) {
  return (
    <>
      {member.email && <div>{member.email}</div>}
      {member.phone && <div>{member.phone}</div>}
    </>
  );
}

/**
 * The members of the view: a table on wide screens (Name and Added sort on the server), cards on
 * phones; the designed loading, error and empty states.
 */
export function MembersTable({
  items,
  state,
  error,
  emptyText,
  onRetry,
  sort,
  onSort,
}: {
  items: readonly Member[];
  state: ListStateKind | null;
  error: unknown;
  emptyText: string;
  onRetry: () => void;
  sort: { sort: MemberSort; order: 'asc' | 'desc' };
  onSort: (key: MemberSort) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const zone = viewerTimeZone();
  const columns: ReadonlyArray<{ label: string; sortKey?: MemberSort; align?: 'right' }> = [
    { label: t('members.column.name'), sortKey: 'name' },
    { label: t('members.column.contact') },
    { label: t('members.column.tags') },
    { label: t('members.column.consent') },
    { label: t('members.column.language') },
    { label: t('members.column.added'), sortKey: 'createdAt' },
    { label: t('members.column.actions'), align: 'right' },
  ];
  const stateProps = state && { state, error, emptyText, onRetry };

  if (compact) {
    return (
      <Stack spacing={1.5} sx={{ p: 1.5 }}>
        {stateProps ? (
          <ListState {...stateProps} />
        ) : (
          items.map((m) => (
            <MobileCard
              key={m.id}
              testId="member-card"
              dataAttributes={{ 'data-id': m.id }}
              header={
                <Link
                  component={RouterLink}
                  to={paths.member.getHref(m.id)}
                  variant="subtitle1"
                  sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                >
                  {memberName(m)}
                </Link>
              }
              fields={[
                [t('members.column.contact'), <Contact key="c" member={m} />],
                [t('members.column.tags'), <TagChips key="t" tags={m.tags} />],
                [t('members.column.consent'), <ConsentChips key="k" consent={m.consent} />],
                [t('members.column.added'), formatDateIn(language, m.createdAt, zone)],
              ]}
            />
          ))
        )}
      </Stack>
    );
  }
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={t('members.table.label')}
      sx={{ overflowX: 'auto' }}
    >
      <Table size="small" aria-label={t('members.table.label')} sx={{ minWidth: 960 }}>
        <TableHead>
          <ColumnHeads
            columns={columns}
            sort={{ key: sort.sort, order: sort.order, onSort: (key) => onSort(key as MemberSort) }}
          />
        </TableHead>
        <TableBody>
          {stateProps ? (
            <TableStateRow columns={columns.length} {...stateProps} />
          ) : (
            items.map((m) => (
              <TableRow key={m.id} hover data-testid="member-row" data-id={m.id}>
                <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{memberName(m)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Contact member={m} />
                </TableCell>
                <TableCell>
                  <TagChips tags={m.tags} />
                </TableCell>
                <TableCell>
                  <ConsentChips consent={m.consent} />
                </TableCell>
                <TableCell>{t(`members.language.${m.language}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Typography variant="body2">{formatDateIn(language, m.createdAt, zone)}</Typography>
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    component={RouterLink}
                    to={paths.member.getHref(m.id)}
                    aria-label={t('members.table.openLabel', { name: memberName(m) })}
                  >
                    {t('members.table.open')}
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
