import { CODE_SORT_DEFAULT_ORDER, CODE_SORTS, type QrCode } from '@avpass/contracts';
import {
  formatDate,
  formatDiscount,
  formatUsage,
  VOUCHER_STATUS_LABELS,
  VOUCHER_STATUSES,
} from '@avpass/domain';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { SearchField, TableToolbar } from '@/components/data-display/table-filters';
import { ViewZipButton } from '@/components/downloads/view-zip-button';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { downloadRenderedFile } from '@/components/downloads';
import { useTableState } from '@/lib/table-state';
import { useAdminQrCodes, VOUCHER_URLS } from '@/lib/vouchers-api';
import { DownloadButtons } from '@/components/downloads/download-buttons';
import { HistoryLink } from '@/components/audit/history-link';
import { StatusChip } from '@/components/vouchers/status-chip';
import { viewerTimeZone } from '@/lib/time-zone';
import { shortId } from '../lib/short-id';
import { AssignPartnersDialog } from './assign-partners-dialog';
import { BulkAssignDialog, type BulkAssignTarget } from './bulk-assign-dialog';
import { MobileCard } from './mobile-card';
import { DeleteCodeDialog } from './delete-code-dialog';

/** The sort field's choices (a phone has no headers to press). */
export const CODE_SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
  { key: 'name', order: 'asc', label: 'Name (A–Z)' },
  { key: 'name', order: 'desc', label: 'Name (Z–A)' },
  { key: 'usageCount', order: 'desc', label: 'Most used' },
  { key: 'usageCount', order: 'asc', label: 'Least used' },
  { key: 'expiresAt', order: 'asc', label: 'Expires soonest' },
  { key: 'expiresAt', order: 'desc', label: 'Expires latest' },
] as const;

/**
 * Partner QR Codes: every code, paged, searched, sorted and filtered on the server (a list of
 * thousands never travels whole), the view kept in the URL (issue 27), with assignment, downloads,
 * Download All of what the table shows, and delete.
 */
export function QrCodesTab() {
  const table = useTableState({
    sorts: CODE_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: CODE_SORT_DEFAULT_ORDER,
    statuses: VOUCHER_STATUSES,
  });
  const paging = table.paging;
  const [assigning, setAssigning] = useState<QrCode | null>(null);
  const [deleting, setDeleting] = useState<QrCode | null>(null);
  // Ticked codes stay ticked across pages and searches; "Assign to partner…" acts on them or on
  // every code the search matches.
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [bulkTarget, setBulkTarget] = useState<BulkAssignTarget | null>(null);
  const term = table.search ?? '';
  const codes = useAdminQrCodes(table.query);
  const filters = { status: table.status, partnerId: table.partner?.id };
  const items = codes.data?.items ?? [];
  const matching = codes.data?.total ?? 0;
  const pageSelected = items.length > 0 && items.every((code) => selected.has(code.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selection = { selected, onToggle: toggle };
  const emptyText = term
    ? `No QR codes match "${term}".`
    : table.filtered
      ? 'No QR codes match these filters.'
      : 'No QR codes yet. Generate one or create a batch.';

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <SearchField
          label="Search QR codes"
          placeholder="Partner, title, batch, service or ID"
          value={table.searchText}
          onChange={table.setSearchText}
        />
        <Box sx={{ minWidth: { md: 260 } }}>
          <ViewZipButton
            listUrl={VOUCHER_URLS.adminList}
            view={{ search: table.search, ...filters }}
            total={codes.data?.total}
            totalIsLowerBound={codes.data?.totalIsLowerBound ?? false}
          />
        </Box>
      </Stack>
      <TableToolbar
        table={table}
        label="Filter and sort the QR codes"
        statusLabels={VOUCHER_STATUS_LABELS.adminTable}
        partner={{ testId: 'partner-filter' }}
        sortChoices={CODE_SORT_CHOICES}
      />
      <Box
        data-testid="codes-selection-bar"
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}
      >
        <Button
          size="small"
          variant="outlined"
          disabled={items.length === 0}
          onClick={() =>
            setSelected((current) =>
              pageSelected
                ? new Set([...current].filter((id) => !items.some((code) => code.id === id)))
                : new Set([...current, ...items.map((code) => code.id)]),
            )
          }
        >
          {pageSelected ? 'Deselect this page' : 'Select this page'}
        </Button>
        <Typography
          variant="body2"
          color="text.secondary"
          aria-live="polite"
          data-testid="codes-selected-count"
        >
          {selected.size.toLocaleString('en-US')} selected
        </Typography>
        {selected.size > 0 && (
          <Button size="small" variant="text" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        )}
        <Button
          size="small"
          variant="contained"
          sx={{ ml: { sm: 'auto' } }}
          disabled={selected.size === 0 && matching === 0}
          onClick={() =>
            setBulkTarget({ kind: 'codes', selectedIds: [...selected], search: term, filters, matching })
          }
          data-testid="assign-to-partner"
        >
          Assign to partner…
        </Button>
      </Box>
      <ResponsivePagedList
        query={codes}
        paging={paging}
        label="Partner QR codes"
        minWidth={1080}
        sort={{ ...table.sort, onSort: (key) => table.toggleSort(key as (typeof CODE_SORTS)[number]) }}
        columns={[
          'Select',
          'ID',
          { label: 'Facility', sortKey: 'name' },
          'Discount',
          { label: 'Usage', sortKey: 'usageCount' },
          { label: 'Expires', sortKey: 'expiresAt' },
          'Status',
          'Batch',
          'Partners',
          { label: 'Actions', align: 'right', sticky: true },
        ]}
        emptyText={emptyText}
        itemKey={(code) => code.id}
        renderCard={(code) => (
          <CodeCard code={code} onAssign={setAssigning} onDelete={setDeleting} {...selection} />
        )}
        renderRow={(code) => (
          <CodeRow code={code} onAssign={setAssigning} onDelete={setDeleting} {...selection} />
        )}
      />
      <AssignPartnersDialog code={assigning} onClose={() => setAssigning(null)} />
      <DeleteCodeDialog code={deleting} onClose={() => setDeleting(null)} />
      <BulkAssignDialog
        target={bulkTarget}
        onClose={() => setBulkTarget(null)}
        onDone={() => setSelected(new Set())}
      />
    </Box>
  );
}

interface CodeItemProps {
  code: QrCode;
  onAssign: (code: QrCode) => void;
  onDelete: (code: QrCode) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

function SelectBox({ code, selected, onToggle }: Pick<CodeItemProps, 'code' | 'selected' | 'onToggle'>) {
  return (
    <Checkbox
      size="small"
      checked={selected.has(code.id)}
      onChange={() => onToggle(code.id)}
      slotProps={{ input: { 'aria-label': `Select QR code ${shortId(code.id)}` } }}
      data-testid="select-code"
    />
  );
}

function PartnersCell({ code, onAssign }: Pick<CodeItemProps, 'code' | 'onAssign'>) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ mr: 1, fontWeight: 600 }} data-testid="partner-count">
        {code.partnerCount}
      </Box>
      <Button size="small" variant="text" onClick={() => onAssign(code)}>
        {code.partnerCount === 0 ? 'Assign' : 'Manage'}
      </Button>
    </Box>
  );
}

/** Preview, QR-only download, full voucher PNG/SVG/PDF, delete. */
function CodeActions({
  code,
  onDelete,
  stacked = false,
}: Pick<CodeItemProps, 'code' | 'onDelete'> & { stacked?: boolean }) {
  const { toast } = useToast();
  const [downloadingQr, setDownloadingQr] = useState(false);

  const downloadQr = async () => {
    setDownloadingQr(true);
    try {
      await downloadRenderedFile('qr', code.id, 'png');
      toast({ title: 'Download Started' });
    } catch {
      toast({ title: 'Download Failed', description: 'Failed to download QR code.', kind: 'destructive' });
    } finally {
      setDownloadingQr(false);
    }
  };

  const preview = (
    <Tooltip title="Preview voucher page">
      <IconButton
        component={RouterLink}
        to={paths.voucher.getHref(code.id)}
        target="_blank"
        rel="noopener"
        size="small"
        aria-label={`Preview voucher ${shortId(code.id)}`}
      >
        <VisibilityOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const qrOnly = (
    <Tooltip title="Download QR code only (PNG)">
      <span>
        <IconButton
          size="small"
          onClick={() => void downloadQr()}
          disabled={downloadingQr}
          aria-label={`Download QR code ${shortId(code.id)}`}
        >
          <QrCode2RoundedIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
  const voucher = <DownloadButtons id={code.id} formats={['png', 'svg', 'pdf']} dense={!stacked} />;
  const remove = (
    <Tooltip title="Delete">
      <IconButton
        size="small"
        color="error"
        onClick={() => onDelete(code)}
        aria-label={`Delete QR code ${shortId(code.id)}`}
      >
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  const history = (
    <HistoryLink
      icon
      targetType="voucher"
      targetId={code.id}
      label={`History of QR code ${shortId(code.id)}`}
    />
  );

  if (stacked) {
    // A phone: the voucher downloads on one side, the icon actions on the other, wrapping as a pair.
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        {voucher}
        <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
          {preview}
          {qrOnly}
          {history}
          {remove}
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {preview}
      {qrOnly}
      {voucher}
      {history}
      {remove}
    </Box>
  );
}

const expiryText = (code: QrCode) =>
  code.expirationDate ? formatDate(code.expirationDate, viewerTimeZone()) : 'Never';

function CodeRow({ code, onAssign, onDelete, selected, onToggle }: CodeItemProps) {
  return (
    <TableRow hover data-testid="qr-row" data-id={code.id} selected={selected.has(code.id)}>
      <TableCell padding="checkbox">
        <SelectBox code={code} selected={selected} onToggle={onToggle} />
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>{shortId(code.id)}</TableCell>
      {/* Names wrap rather than cut (issue 27): "Antelope Valley …" hid which partner a row is. */}
      <TableCell sx={{ minWidth: 180, maxWidth: 260 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {code.clinicName}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {code.service}
        </Typography>
      </TableCell>
      <TableCell>{formatDiscount(code.discountType, code.discountValue)}</TableCell>
      <TableCell>{formatUsage(code.usageCount, code.usageLimit)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{expiryText(code)}</TableCell>
      <TableCell>
        <StatusChip status={code.status} />
      </TableCell>
      <TableCell sx={{ minWidth: 110, maxWidth: 180 }}>
        <Typography
          variant="body2"
          sx={{ overflowWrap: 'anywhere' }}
          color={code.batchName ? undefined : 'text.secondary'}
        >
          {code.batchName ?? '—'}
        </Typography>
      </TableCell>
      <TableCell>
        <PartnersCell code={code} onAssign={onAssign} />
      </TableCell>
      <TableCell align="right" sx={[{ whiteSpace: 'nowrap' }, stickyEndCellSx] as SxProps<Theme>}>
        <CodeActions code={code} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

function CodeCard({ code, onAssign, onDelete, selected, onToggle }: CodeItemProps) {
  return (
    <MobileCard
      testId="qr-row"
      dataAttributes={{ 'data-id': code.id }}
      header={
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Box sx={{ mt: -0.75, ml: -1 }}>
            <SelectBox code={code} selected={selected} onToggle={onToggle} />
          </Box>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{code.clinicName}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {code.service} ·{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {shortId(code.id)}
              </Box>
            </Typography>
          </Box>
          <StatusChip status={code.status} />
        </Box>
      }
      fields={[
        ['Discount', formatDiscount(code.discountType, code.discountValue)],
        ['Usage', formatUsage(code.usageCount, code.usageLimit)],
        ['Expires', expiryText(code)],
        ['Batch', code.batchName ?? '—'],
        ['Partners', <PartnersCell key="partners" code={code} onAssign={onAssign} />],
      ]}
      actions={<CodeActions code={code} onDelete={onDelete} stacked />}
    />
  );
}
