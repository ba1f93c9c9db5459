import { auditChangeLines, describeAuditEntry, formatAuditAt, type AuditEntryView } from '@avpass/contracts';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
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
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ListState, TableStateRow } from '@/components/data-display/list-states';
import { listStateOf } from '@/components/data-display/list-state';
import { auditTargetHref, type AuditLinkAudience, type useAuditEntries } from '@/lib/audit-api';
import { viewerTimeZone } from '@/lib/time-zone';
import { useLanguage, useT, useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { visuallyHidden } from '@/lib/visually-hidden';

const COLUMNS = [
  '',
  'staff.audit.when',
  'staff.audit.what',
  'staff.audit.company',
] as const satisfies ReadonlyArray<MessageId | ''>;

type CompanyName = ((id: string | null) => string) | undefined;

/** The company's name: the one the gateway read, else the caller's own lookup (null: none known). */
function companyNameOf(entry: AuditEntryView, companyName: CompanyName): string | null {
  if (!entry.companyId) return null;
  return entry.companyName ?? companyName?.(entry.companyId) ?? null;
}

function companyOf(entry: AuditEntryView, companyName: CompanyName, t: Translate<MessageId>): string {
  return entry.companyId ? (companyNameOf(entry, companyName) ?? t('staff.audit.unknownCompany')) : '—';
}

/** "Sam Rivera redeemed <Spring Tune-up> at Riverside Bike Shop ($45.00 sale, $9.00 off)", the target a link. */
function EntrySentence({
  entry,
  companyName,
  audience,
}: {
  entry: AuditEntryView;
  companyName: CompanyName;
  audience: AuditLinkAudience;
}) {
  const words = useWords();
  const sentence = describeAuditEntry({ ...entry, companyName: companyNameOf(entry, companyName) }, words);
  const href = auditTargetHref(entry, audience);
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ overflowWrap: 'anywhere' }}
      data-testid="audit-sentence"
    >
      {sentence.actor} {sentence.phrase}
      {sentence.target && ' '}
      {sentence.target &&
        (href ? (
          <Link component={RouterLink} to={href} underline="always" sx={{ fontWeight: 600 }}>
            {sentence.target}
          </Link>
        ) : (
          <Box component="span" sx={{ fontWeight: 600 }}>
            {sentence.target}
          </Box>
        ))}
      {sentence.place}
      {sentence.details}
    </Typography>
  );
}

/** The entry's before → after, and where the call came from. */
function EntryDetails({
  entry,
  timeZone,
  stacked = false,
}: {
  entry: AuditEntryView;
  timeZone: string;
  stacked?: boolean;
}) {
  const words = useWords();
  const { t } = words;
  const rows = auditChangeLines(entry.changes, timeZone, words);
  return (
    <Box sx={{ py: 1.5 }} data-testid="audit-entry-details">
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('staff.audit.noChanges')}
        </Typography>
      ) : stacked ? (
        // A phone: each field on its own lines, before → after below it.
        <Box component="dl" aria-label={t('staff.audit.changes')} sx={{ m: 0 }}>
          {rows.map((row) => (
            <Box key={row.field} sx={{ mb: 1 }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {row.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {row.before} → {row.after}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={t('staff.audit.changes')} sx={{ maxWidth: 900 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('staff.audit.field')}</TableCell>
              <TableCell>{t('staff.audit.before')}</TableCell>
              <TableCell>{t('staff.audit.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.label}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.before}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>→ {row.after}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {[
          t('staff.audit.fact.action', { value: entry.action }),
          entry.targetId && t('staff.audit.fact.target', { value: `${entry.targetType} ${entry.targetId}` }),
          entry.actorRole && t('staff.audit.fact.role', { value: entry.actorRole }),
          entry.ip && t('staff.audit.fact.address', { value: entry.ip }),
          entry.requestId && t('staff.audit.fact.request', { value: entry.requestId }),
          t('staff.audit.fact.service', { value: entry.service }),
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

interface EntryProps {
  entry: AuditEntryView;
  companyName: CompanyName;
  audience: AuditLinkAudience;
  /** The business zone the gateway sent (decision 166). */
  timeZone: string;
}

function EntryRow({ entry, companyName, audience, timeZone }: EntryProps) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const language = useLanguage();
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
            aria-label={open ? t('staff.audit.hideEntry') : t('staff.audit.showEntry')}
          >
            {open ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAuditAt(entry.at, timeZone, language)}</TableCell>
        <TableCell>
          <EntrySentence entry={entry} companyName={companyName} audience={audience} />
        </TableCell>
        <TableCell>{companyOf(entry, companyName, t)}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS.length} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit id={detailsId}>
            <EntryDetails entry={entry} timeZone={timeZone} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

function EntryCard({ entry, companyName, audience, timeZone }: EntryProps) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const language = useLanguage();
  const detailsId = `audit-card-details-${entry.id}`;
  return (
    <Card variant="outlined" data-testid="audit-card">
      <CardContent sx={{ pb: 1, '&:last-child': { pb: 1 } }}>
        <Typography variant="body2" color="text.secondary">
          {formatAuditAt(entry.at, timeZone, language)}
        </Typography>
        <EntrySentence entry={entry} companyName={companyName} audience={audience} />
        <Button
          size="small"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={detailsId}
          endIcon={open ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
          sx={{ mt: 0.5, ml: -1, display: 'flex' }}
        >
          {open ? t('staff.audit.hideDetails') : t('staff.audit.showDetails')}
        </Button>
        <Collapse in={open} unmountOnExit id={detailsId}>
          <EntryDetails entry={entry} timeZone={timeZone} stacked />
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
  emptyText,
  companyName,
  audience = 'admin',
}: {
  query: ReturnType<typeof useAuditEntries>;
  label: string;
  emptyText?: string;
  companyName?: CompanyName;
  /** Whose pages the targets link to: the administrator's screens or the company's own. */
  audience?: AuditLinkAudience;
}) {
  const t = useT();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Times in the business zone the gateway sends with each page; an older server: the viewer's own.
  const timeZone = query.data?.pages[0]?.timeZone ?? viewerTimeZone();
  const state = listStateOf({
    isPending: query.isPending,
    isError: query.isError,
    data: query.data && { items },
  });
  const stateProps = state && {
    state,
    error: query.error,
    emptyText: emptyText ?? t('staff.audit.empty'),
    onRetry: () => void query.refetch(),
  };

  return (
    <>
      {compact ? (
        <Stack spacing={1.5} aria-label={label} role="list">
          {stateProps ? (
            <ListState {...stateProps} />
          ) : (
            items.map((entry) => (
              <div role="listitem" key={entry.id}>
                <EntryCard entry={entry} companyName={companyName} audience={audience} timeZone={timeZone} />
              </div>
            ))
          )}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={label} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column, index) => (
                  <TableCell key={column || index}>
                    {column ? (
                      t(column)
                    ) : (
                      <Box component="span" sx={visuallyHidden}>
                        {t('staff.audit.details')}
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
                items.map((entry) => (
                  <EntryRow
                    key={entry.id}
                    entry={entry}
                    companyName={companyName}
                    audience={audience}
                    timeZone={timeZone}
                  />
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {query.isError && query.data && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {t('staff.audit.nextFailed')}
        </Typography>
      )}
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? t('staff.audit.loading') : t('staff.audit.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}
