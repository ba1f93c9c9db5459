import { RESOLVE_MAX_IDS, type CodeSort, type Page, type QrCode } from '@avpass/contracts';
import { formatDiscount, formatUsage, VOUCHER_STATUS_LABELS, type VoucherStatus } from '@avpass/domain';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import type { Paging } from '@/components/data-display/pager';
import { TableToolbar } from '@/components/data-display/table-filters';
import type { TableState } from '@/lib/table-state';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { collectCodeIds, useDeleteQrCode, VOUCHER_URLS } from '@/lib/vouchers-api';
import { errorMessageOf } from '@/lib/api-client';
import { DownloadButtons } from '@/components/downloads/download-buttons';
import { StatusChip } from '@/components/vouchers/status-chip';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { codeName, createdText, DISCOUNT_TYPE_LABELS, shortId } from '../lib/display';
import { BulkDownloadBar } from './bulk-download-bar';
import { DividedList, PagedListCard } from './list-frame';
import { ListStates } from './list-states';

const DOWNLOAD_FAILED = 'Failed to download QR code';

interface RowProps {
  code: QrCode;
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

function RowActions({ code, onDelete, name }: { code: QrCode; onDelete: () => void; name: string }) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}
    >
      <DownloadButtons id={code.id} failureMessage={DOWNLOAD_FAILED} />
      <Tooltip title="Open voucher page">
        <IconButton
          component="a"
          href={paths.voucher.getHref(code.id)}
          target="_blank"
          rel="noopener"
          size="small"
          aria-label={`Open the voucher page of ${name}`}
        >
          <OpenInNewRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton
          size="small"
          color="error"
          onClick={onDelete}
          aria-label={`Delete ${name}`}
          data-testid="delete-code"
        >
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function DiscountText({ code }: { code: QrCode }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {formatDiscount(code.discountType, code.discountValue)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {DISCOUNT_TYPE_LABELS[code.discountType]}
      </Typography>
    </>
  );
}

function CodeTableRow({ code, selected, onToggle, onDelete }: RowProps) {
  const name = codeName(code);
  return (
    <TableRow hover selected={selected} data-testid="qr-row" data-code-id={code.id}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        />
      </TableCell>
      {/* Names wrap rather than cut (issue 27). */}
      <TableCell sx={{ minWidth: 220, maxWidth: 360 }}>
        <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {code.service}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }} title={code.id}>
          {shortId(code.id)}
        </Typography>
      </TableCell>
      <TableCell>
        <DiscountText code={code} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{createdText(code.createdAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
        {formatUsage(code.usageCount, code.usageLimit)}
      </TableCell>
      <TableCell>
        <StatusChip status={code.status} />
      </TableCell>
      <TableCell align="right">
        <RowActions code={code} onDelete={onDelete} name={name} />
      </TableCell>
    </TableRow>
  );
}

function CodeCard({ code, selected, onToggle, onDelete }: RowProps) {
  const name = codeName(code);
  return (
    <Box
      component="li"
      data-testid="qr-row"
      data-code-id={code.id}
      sx={{ px: 1.5, py: 2, display: 'flex', gap: 0.5 }}
    >
      <Checkbox
        checked={selected}
        onChange={onToggle}
        slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        sx={{ alignSelf: 'flex-start', mt: -0.75, ml: -0.75 }}
      />
      <Box sx={{ minWidth: 0, flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {code.service}
            </Typography>
          </Box>
          <StatusChip status={code.status} />
        </Box>
        <Box sx={{ display: 'flex', gap: 3 }}>
          <Box>
            <DiscountText code={code} />
          </Box>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {formatUsage(code.usageCount, code.usageLimit)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Usage
            </Typography>
          </Box>
        </Box>
        <Typography variant="caption" color="text.secondary">
          Created {createdText(code.createdAt)} · ID{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {shortId(code.id)}
          </Box>
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-start' }}>
          <RowActions code={code} onDelete={onDelete} name={name} />
        </Box>
      </Box>
    </Box>
  );
}

/** The sort field's choices on a phone (no headers there). */
const SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
  { key: 'name', order: 'asc', label: 'Partner name (A–Z)' },
  { key: 'name', order: 'desc', label: 'Partner name (Z–A)' },
  { key: 'usageCount', order: 'desc', label: 'Most used' },
  { key: 'usageCount', order: 'asc', label: 'Least used' },
] as const;

/** A header that sorts the table (aria-sort says how it is sorted). */
function SortHeader({
  label,
  sortKey,
  table,
}: {
  label: string;
  sortKey: CodeSort;
  table: TableState<CodeSort, VoucherStatus>;
}) {
  const active = table.sort.key === sortKey;
  return (
    <TableCell aria-sort={active ? (table.sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <TableSortLabel
        active={active}
        direction={active ? table.sort.order : 'asc'}
        onClick={() => table.toggleSort(sortKey)}
        data-testid={`sort-${sortKey}`}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * The QR Codes tab: selectable rows with per-code downloads and delete, and bulk ZIP downloads;
 * sorted and filtered on the server, the view in the URL (`table`, issue 27).
 */
export function QrCodesPanel({
  query,
  search,
  table,
  selected,
  onSelectedChange,
  paging,
}: {
  query: {
    data: Page<QrCode> | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  search: string;
  table: TableState<CodeSort, VoucherStatus>;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  paging: Paging;
}) {
  const { toast } = useToast();
  const remove = useDeleteQrCode('company');
  const [toDelete, setToDelete] = useState<QrCode | null>(null);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const items = query.data?.items ?? [];
  const matching = query.data?.total ?? 0;
  const [selecting, setSelecting] = useState(false);
  // "All" is every code the search matches (all pages), not only the rows on screen.
  const allVisibleSelected =
    items.length > 0 && items.every((code) => selected.has(code.id)) && selected.size >= matching;
  // Selected rows a search (or another page) hides stay selected, and the bar says how many.
  const visibleIds = new Set(items.map((code) => code.id));
  const hiddenIds = query.data ? [...selected].filter((id) => !visibleIds.has(id)) : [];

  /** Select All: every code the search matches, listed page by page (at most a ZIP's 10,000). */
  async function selectAllMatching() {
    if (matching <= items.length) {
      onSelectedChange(new Set([...selected, ...items.map((code) => code.id)]));
      return;
    }
    setSelecting(true);
    try {
      const { ids } = await collectCodeIds(VOUCHER_URLS.companyList, search || undefined, {
        max: RESOLVE_MAX_IDS,
        filters: { status: table.status },
      });
      onSelectedChange(new Set([...selected, ...ids]));
      if (matching > ids.length)
        toast({
          title: 'Selection capped',
          description: `The first ${ids.length.toLocaleString('en-US')} of ${matching.toLocaleString('en-US')} codes are selected (a ZIP holds at most ${RESOLVE_MAX_IDS.toLocaleString('en-US')}).`,
        });
    } catch (error) {
      toast({
        title: 'Could not select the codes',
        description: errorMessageOf(error, 'Please try again.'),
        kind: 'destructive',
      });
    } finally {
      setSelecting(false);
    }
  }

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  function confirmDelete() {
    const code = toDelete;
    if (!code) return;
    remove.mutate(code.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'QR code deleted successfully' });
        const next = new Set(selected);
        next.delete(code.id);
        onSelectedChange(next);
        setToDelete(null);
      },
      onError: () => {
        toast({ title: 'Error', description: 'Failed to delete QR code', kind: 'destructive' });
        setToDelete(null);
      },
    });
  }

  const rowProps = (code: QrCode): RowProps => ({
    code,
    selected: selected.has(code.id),
    onToggle: () => toggle(code.id),
    onDelete: () => setToDelete(code),
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TableToolbar
        table={table}
        label="Filter and sort the QR codes"
        statusLabels={VOUCHER_STATUS_LABELS.adminTable}
        sortChoices={SORT_CHOICES}
        sx={{ mb: 0, alignItems: 'normal', px: { xs: 1.5, md: 0 } }}
      />
      <BulkDownloadBar
        selectedIds={[...selected]}
        allVisibleSelected={allVisibleSelected}
        hasRows={items.length > 0}
        onSelectAll={() => void selectAllMatching()}
        matchingCount={matching}
        selecting={selecting}
        onDeselectAll={() => onSelectedChange(new Set())}
        hiddenCount={hiddenIds.length}
        onDeselectHidden={() => onSelectedChange(new Set([...selected].filter((id) => visibleIds.has(id))))}
      />
      <ListStates
        query={query}
        loadingMessage="Loading QR codes..."
        errorTitle="Could not load your QR codes"
        empty={
          search || table.filtered
            ? {
                testId: 'qr-codes-empty',
                icon: <SearchOffRoundedIcon />,
                title: search ? 'No QR codes match your search' : 'No QR codes match these filters',
                description: search
                  ? `Nothing matches "${search}". Try a partner name, a service or the start of an id.`
                  : 'Choose another status, or all statuses.',
              }
            : {
                testId: 'qr-codes-empty',
                icon: <QrCode2RoundedIcon />,
                title: 'No QR codes yet',
                description: 'Codes the AV Pass team assigns to your company appear here.',
              }
        }
      >
        <PagedListCard count={query.data?.total ?? 0} paging={paging} edgeToEdgeOnPhone>
          {wide ? (
            <TableContainer>
              <Table aria-label="QR codes" size="medium">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allVisibleSelected}
                        indeterminate={!allVisibleSelected && items.some((code) => selected.has(code.id))}
                        onChange={() =>
                          allVisibleSelected
                            ? onSelectedChange(
                                new Set([...selected].filter((id) => !items.some((c) => c.id === id))),
                              )
                            : onSelectedChange(new Set([...selected, ...items.map((code) => code.id)]))
                        }
                        slotProps={{ input: { 'aria-label': 'Select every code on this page' } }}
                      />
                    </TableCell>
                    <SortHeader label="QR code" sortKey="name" table={table} />
                    <TableCell>Discount</TableCell>
                    <SortHeader label="Created" sortKey="createdAt" table={table} />
                    <SortHeader label="Usage" sortKey="usageCount" table={table} />
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((code) => (
                    <CodeTableRow key={code.id} {...rowProps(code)} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <DividedList
              label="QR codes"
              items={items}
              itemKey={(code) => code.id}
              renderItem={(code) => <CodeCard {...rowProps(code)} />}
            />
          )}
        </PagedListCard>
      </ListStates>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this QR code?"
        description={
          <>
            <strong>{toDelete ? codeName(toDelete) : ''}</strong> will be removed from your company&apos;s
            list. Vouchers already handed out are not affected.
          </>
        }
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
        confirmTestId="confirm-delete"
      />
    </Box>
  );
}
