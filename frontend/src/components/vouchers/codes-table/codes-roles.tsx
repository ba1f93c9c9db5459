import type { CodeSort, QrCode } from '@avpass/contracts';
import { formatDate, formatDiscount, formatUsage } from '@avpass/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Column } from '@/components/data-display/responsive-paged-list';
import type { TableSort } from '@/lib/table-state';
import { codeName, createdText, DISCOUNT_TYPE_LABELS, shortId } from '@/lib/code-display';
import { viewerTimeZone } from '@/lib/time-zone';
import { CodeMemberFacts } from '@/components/vouchers/code-member-facts';
import { StatusChip } from '@/components/vouchers/status-chip';
import type { CodesScope } from '@/lib/vouchers-api';

/**
 * Who looks at the codes table: super_admin sees every code and assigns partners (`admin`); a company
 * sees the codes assigned to it (`company`). The same as the lists' scope.
 */
export type CodesRole = CodesScope;

/** What a row's cells may call. */
export interface CodeCellContext {
  onAssign?: (code: QrCode) => void;
}

/** One column: its header, and its cell (`cellSx` on the `<td>`; the select and actions cells are the table's). */
export interface CodeColumn {
  column: Column;
  cell: (code: QrCode, context: CodeCellContext) => ReactNode;
  cellSx?: object;
}

/** Everything that differs between the two roles' tables. */
export interface CodesRoleView {
  /** The table's accessible name. */
  label: string;
  minWidth: number;
  /** The attribute that carries a row's code id (tests and links find rows by it). */
  idAttribute: 'data-id' | 'data-code-id';
  /** The name a row shows for its code. */
  nameOf: (code: QrCode) => string;
  selectLabel: (code: QrCode) => string;
  /** The select column: a plain header, or a checkbox that selects the page. */
  selectAllInHeader: boolean;
  /** The sort field's choices (a phone has no headers to press). */
  sortChoices: ReadonlyArray<TableSort<CodeSort> & { label: string }>;
  /** The toolbar's partner filter (super_admin only). */
  partnerFilter: boolean;
  columns: readonly CodeColumn[];
  /** The label/value pairs of a phone card (its header shows name, service, id and status). */
  cardFields: (code: QrCode, context: CodeCellContext) => ReadonlyArray<readonly [string, ReactNode]>;
  /** The whole list's loading, error and empty panels in the company's designed look, or the table's own rows. */
  designedStates: boolean;
}

const expiryText = (code: QrCode) =>
  code.expirationDate ? formatDate(code.expirationDate, viewerTimeZone()) : 'Never';
const usageText = (code: QrCode) => formatUsage(code.usageCount, code.usageLimit);
/** The administrator's usage: the count, then the per-member limit and the holder when there are any. */
const adminUsage = (code: QrCode) => (
  <>
    {usageText(code)}
    <CodeMemberFacts code={code} />
  </>
);
const discountText = (code: QrCode) => formatDiscount(code.discountType, code.discountValue);

/** The code's name over its service (names wrap rather than cut, issue 27), and its short id. */
function NameCell({ name, code, withId }: { name: string; code: QrCode; withId: boolean }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {code.service}
      </Typography>
      {withId && (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }} title={code.id}>
          {shortId(code.id)}
        </Typography>
      )}
    </>
  );
}

/** The discount, and what kind it is under it. */
function DiscountText({ code }: { code: QrCode }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {discountText(code)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {DISCOUNT_TYPE_LABELS[code.discountType]}
      </Typography>
    </>
  );
}

/** How many partners hold the code, and the button that opens the partner picker. */
function PartnersCell({ code, onAssign }: { code: QrCode; onAssign?: (code: QrCode) => void }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ mr: 1, fontWeight: 600 }} data-testid="partner-count">
        {code.partnerCount}
      </Box>
      <Button size="small" variant="text" onClick={() => onAssign?.(code)}>
        {code.partnerCount === 0 ? 'Assign' : 'Manage'}
      </Button>
    </Box>
  );
}

const STATUS_COLUMN: CodeColumn = { column: 'Status', cell: (code) => <StatusChip status={code.status} /> };

const SORT_BY_DATE_AND_USE = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
] as const;

export const CODES_ROLES: Readonly<Record<CodesRole, CodesRoleView>> = {
  admin: {
    label: 'Partner QR codes',
    minWidth: 1080,
    idAttribute: 'data-id',
    nameOf: (code) => code.clinicName,
    selectLabel: (code) => `Select QR code ${shortId(code.id)}`,
    selectAllInHeader: false,
    sortChoices: [
      ...SORT_BY_DATE_AND_USE,
      { key: 'name', order: 'asc', label: 'Name (A–Z)' },
      { key: 'name', order: 'desc', label: 'Name (Z–A)' },
      { key: 'usageCount', order: 'desc', label: 'Most used' },
      { key: 'usageCount', order: 'asc', label: 'Least used' },
      { key: 'expiresAt', order: 'asc', label: 'Expires soonest' },
      { key: 'expiresAt', order: 'desc', label: 'Expires latest' },
    ],
    partnerFilter: true,
    columns: [
      { column: 'ID', cell: (code) => shortId(code.id), cellSx: { fontFamily: 'monospace' } },
      {
        // "Antelope Valley …" hid which partner a row is: names wrap.
        column: { label: 'Facility', sortKey: 'name' },
        cell: (code) => <NameCell name={code.clinicName} code={code} withId={false} />,
        cellSx: { minWidth: 180, maxWidth: 260 },
      },
      { column: 'Discount', cell: discountText },
      { column: { label: 'Usage', sortKey: 'usageCount' }, cell: adminUsage },
      {
        column: { label: 'Expires', sortKey: 'expiresAt' },
        cell: expiryText,
        cellSx: { whiteSpace: 'nowrap' },
      },
      STATUS_COLUMN,
      {
        column: 'Batch',
        cell: (code) => (
          <Typography
            variant="body2"
            sx={{ overflowWrap: 'anywhere' }}
            color={code.batchName ? undefined : 'text.secondary'}
          >
            {code.batchName ?? '—'}
          </Typography>
        ),
        cellSx: { minWidth: 110, maxWidth: 180 },
      },
      { column: 'Partners', cell: (code, { onAssign }) => <PartnersCell code={code} onAssign={onAssign} /> },
    ],
    cardFields: (code, { onAssign }) => [
      ['Discount', discountText(code)],
      ['Usage', adminUsage(code)],
      ['Expires', expiryText(code)],
      ['Batch', code.batchName ?? '—'],
      ['Partners', <PartnersCell key="partners" code={code} onAssign={onAssign} />],
    ],
    designedStates: false,
  },
  company: {
    label: 'QR codes',
    minWidth: 900,
    idAttribute: 'data-code-id',
    nameOf: codeName,
    selectLabel: (code) => `Select ${codeName(code)}`,
    selectAllInHeader: true,
    sortChoices: [
      ...SORT_BY_DATE_AND_USE,
      { key: 'name', order: 'asc', label: 'Partner name (A–Z)' },
      { key: 'name', order: 'desc', label: 'Partner name (Z–A)' },
      { key: 'usageCount', order: 'desc', label: 'Most used' },
      { key: 'usageCount', order: 'asc', label: 'Least used' },
    ],
    partnerFilter: false,
    columns: [
      {
        column: { label: 'QR code', sortKey: 'name' },
        cell: (code) => <NameCell name={codeName(code)} code={code} withId />,
        cellSx: { minWidth: 220, maxWidth: 360 },
      },
      { column: 'Discount', cell: (code) => <DiscountText code={code} /> },
      {
        column: { label: 'Created', sortKey: 'createdAt' },
        cell: (code) => createdText(code.createdAt),
        cellSx: { whiteSpace: 'nowrap' },
      },
      {
        column: { label: 'Usage', sortKey: 'usageCount' },
        cell: usageText,
        cellSx: { whiteSpace: 'nowrap', fontWeight: 700 },
      },
      STATUS_COLUMN,
    ],
    cardFields: (code) => [
      ['Discount', discountText(code)],
      ['Usage', usageText(code)],
      ['Created', createdText(code.createdAt)],
    ],
    designedStates: true,
  },
};
