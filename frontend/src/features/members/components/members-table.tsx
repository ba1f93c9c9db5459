import type { Member, MemberSort } from '@avpass/contracts';
import { formatDate } from '@avpass/domain';
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
import { memberName } from '@/lib/members-api';
import { viewerTimeZone } from '@/lib/time-zone';
import { ConsentChips, TagChips } from './consent-chips';
import { ColumnHeads } from '@/components/data-display/column-heads';

const COLUMNS: ReadonlyArray<{ label: string; sortKey?: MemberSort; align?: 'right' }> = [
  { label: 'Name', sortKey: 'name' },
  { label: 'Contact' },
  { label: 'Tags' },
  { label: 'Consent' },
  { label: 'Language' },
  { label: 'Added', sortKey: 'createdAt' },
  { label: 'Actions', align: 'right' },
];

const LANGUAGE_WORDS = { en: 'English', es: 'Spanish' } as const;

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
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const zone = viewerTimeZone();
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
                ['Contact', <Contact key="c" member={m} />],
                ['Tags', <TagChips key="t" tags={m.tags} />],
                ['Consent', <ConsentChips key="k" consent={m.consent} />],
                ['Added', formatDate(m.createdAt, zone)],
              ]}
            />
          ))
        )}
      </Stack>
    );
  }
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Members" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Members" sx={{ minWidth: 960 }}>
        <TableHead>
          <ColumnHeads
            columns={COLUMNS}
            sort={{ key: sort.sort, order: sort.order, onSort: (key) => onSort(key as MemberSort) }}
          />
        </TableHead>
        <TableBody>
          {stateProps ? (
            <TableStateRow columns={COLUMNS.length} {...stateProps} />
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
                <TableCell>{LANGUAGE_WORDS[m.language]}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Typography variant="body2">{formatDate(m.createdAt, zone)}</Typography>
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    component={RouterLink}
                    to={paths.member.getHref(m.id)}
                    aria-label={`Open ${memberName(m)}`}
                  >
                    Open
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
