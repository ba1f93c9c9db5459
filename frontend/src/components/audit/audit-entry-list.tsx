import type { AuditEntry } from '@avpass/contracts';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
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
import { useState } from 'react';
import { ListState, TableStateRow } from '@/components/data-display/list-states';
import { listStateOf } from '@/components/data-display/list-state';
import { changeRows, describeActor, type useAuditEntries } from '@/lib/audit-api';
import { viewerTimeZone } from '@/lib/time-zone';

const COLUMNS = ['', 'When', 'Who', 'Action', 'Target', 'Company'] as const;

function formatAt(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString('en-US', {
    timeZone: viewerTimeZone(),
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
}

function targetText(entry: AuditEntry): string {
  return entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType;
}

/** The entry's before → after, and where the call came from. */
function EntryDetails({ entry, stacked = false }: { entry: AuditEntry; stacked?: boolean }) {
  const rows = changeRows(entry.changes);
  return (
    <Box sx={{ py: 1.5 }} data-testid="audit-entry-details">
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No field changes recorded.
        </Typography>
      ) : stacked ? (
        // A phone: each field on its own lines, before → after below it.
        <Box component="dl" aria-label="Changes" sx={{ m: 0 }}>
          {rows.map((row) => (
            <Box key={row.field} sx={{ mb: 1 }}>
              <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {row.field}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {row.before} → {row.after}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label="Changes" sx={{ maxWidth: 900 }}>
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Before</TableCell>
              <TableCell>After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field}>
                <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{row.field}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.before}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>→ {row.after}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {[
          entry.actorRole && `Role: ${entry.actorRole}`,
          entry.ip && `Address: ${entry.ip}`,
          entry.requestId && `Request: ${entry.requestId}`,
          `Service: ${entry.service}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {entry.userAgent && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {entry.userAgent}
        </Typography>
      )}
    </Box>
  );
}

function EntryRow({ entry, companyName }: { entry: AuditEntry; companyName: (id: string | null) => string }) {
  const [open, setOpen] = useState(false);
  const detailsId = `audit-details-${entry.id}`;
  return (
    <>
      <TableRow hover data-testid="audit-row" sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`${open ? 'Hide' : 'Show'} changes of ${entry.action}`}
          >
            {open ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAt(entry.at)}</TableCell>
        <TableCell>{describeActor(entry)}</TableCell>
        <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}>{entry.action}</TableCell>
        <TableCell sx={{ overflowWrap: 'anywhere' }}>{targetText(entry)}</TableCell>
        <TableCell>{companyName(entry.companyId)}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS.length} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit id={detailsId}>
            <EntryDetails entry={entry} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

function EntryCard({
  entry,
  companyName,
}: {
  entry: AuditEntry;
  companyName: (id: string | null) => string;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = `audit-card-details-${entry.id}`;
  return (
    <Card variant="outlined" data-testid="audit-card">
      <CardContent sx={{ pb: 1, '&:last-child': { pb: 1 } }}>
        <Typography variant="body2" color="text.secondary">
          {formatAt(entry.at)}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {entry.action}
        </Typography>
        <Typography variant="body2">By {describeActor(entry)}</Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {targetText(entry)}
          {entry.companyId ? ` · ${companyName(entry.companyId)}` : ''}
        </Typography>
        <Button
          size="small"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={detailsId}
          endIcon={open ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
          sx={{ mt: 0.5, ml: -1 }}
        >
          {open ? 'Hide changes' : 'Show changes'}
        </Button>
        <Collapse in={open} unmountOnExit id={detailsId}>
          <EntryDetails entry={entry} stacked />
        </Collapse>
      </CardContent>
    </Card>
  );
}

/**
 * The audit entries, newest first: a table on wide screens (each row opens its before → after), cards
 * on phones, and "Load more" while the server has an older page (keyset paging).
 */
export function AuditEntryList({
  query,
  label,
  emptyText = 'No entries match.',
  companyName = (id) => (id ? id.slice(0, 8) : '—'),
}: {
  query: ReturnType<typeof useAuditEntries>;
  label: string;
  emptyText?: string;
  companyName?: (id: string | null) => string;
}) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const state = listStateOf({
    isPending: query.isPending,
    isError: query.isError,
    data: query.data && { items },
  });
  const stateProps = state && { state, error: query.error, emptyText, onRetry: () => void query.refetch() };

  return (
    <>
      {compact ? (
        <Stack spacing={1.5} aria-label={label} role="list">
          {stateProps ? (
            <ListState {...stateProps} />
          ) : (
            items.map((entry) => (
              <div role="listitem" key={entry.id}>
                <EntryCard entry={entry} companyName={companyName} />
              </div>
            ))
          )}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={label} sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column, index) => (
                  <TableCell key={column || index}>
                    {column || (
                      <Box component="span" sx={visuallyHidden}>
                        Details
                      </Box>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {stateProps ? (
                <TableStateRow columns={COLUMNS.length} {...stateProps} />
              ) : (
                items.map((entry) => <EntryRow key={entry.id} entry={entry} companyName={companyName} />)
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {query.isError && query.data && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          The next entries could not be loaded.
        </Typography>
      )}
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      )}
    </>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
