import type { CodeSort, QrCode } from '@avpass/contracts';
import { discountTextIn, type Words } from '@avpass/contracts/i18n/voucher-words';
import { formatDateIn, formatUsage } from '@avpass/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/i18n';
import type { TableSort } from '@/lib/table-state';
import { codeName, shortId } from '@/lib/code-display';
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
  /** The reader's words and language (dates, discounts). */
  words: Words<MessageId>;
}

/** A column's header: its words' key, and how it sorts. */
export type CodeColumnHead = MessageId | { label: MessageId; sortKey: CodeSort };

/** One column: its header, and its cell (`cellSx` on the `<td>`; the select and actions cells are the table's). */
export interface CodeColumn {
  column: CodeColumnHead;
  cell: (code: QrCode, context: CodeCellContext) => ReactNode;
  cellSx?: object;
}

/** Everything that differs between the two roles' tables. */
export interface CodesRoleView {
  /** The table's accessible name. */
  label: MessageId;
  minWidth: number;
  /** The attribute that carries a row's code id (tests and links find rows by it). */
  idAttribute: 'data-id' | 'data-code-id';
  /** The name a row shows for its code. */
  nameOf: (code: QrCode) => string;
  selectLabel: (code: QrCode, t: Words<MessageId>['t']) => string;
  /** The select column: a plain header, or a checkbox that selects the page. */
  selectAllInHeader: boolean;
  /** The sort field's choices (a phone has no headers to press). */
  sortChoices: ReadonlyArray<TableSort<CodeSort> & { label: MessageId }>;
  /** The toolbar's partner filter (super_admin only). */
  partnerFilter: boolean;
  columns: readonly CodeColumn[];
  /** The label/value pairs of a phone card (its header shows name, service, id and status). */
  cardFields: (code: QrCode, context: CodeCellContext) => ReadonlyArray<readonly [MessageId, ReactNode]>;
  /** The whole list's loading, error and empty panels in the company's designed look, or the table's own rows. */
  designedStates: boolean;
}

const expiryText = (code: QrCode, { words }: CodeCellContext) =>
  code.expirationDate
    ? formatDateIn(words.language, code.expirationDate, viewerTimeZone())
    : words.t('staff.codes.never');
const createdText = (code: QrCode, { words }: CodeCellContext) =>
  formatDateIn(words.language, code.createdAt, viewerTimeZone());
const usageText = (code: QrCode) => formatUsage(code.usageCount, code.usageLimit);
/** The administrator's usage: the count, then the per-member limit and the holder when there are any. */
const adminUsage = (code: QrCode) => (
  <>
    {usageText(code)}
    <CodeMemberFacts code={code} />
  </>
);
const discountText = (code: QrCode, { words }: CodeCellContext) =>
  discountTextIn(words, code.discountType, code.discountValue);

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
function DiscountText({ code, context }: { code: QrCode; context: CodeCellContext }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {discountText(code, context)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {context.words.t(`staff.codes.discountType.${code.discountType}`)}
      </Typography>
    </>
  );
}

/** How many partners hold the code, and the button that opens the partner picker. */
function PartnersCell({ code, onAssign }: { code: QrCode; onAssign?: (code: QrCode) => void }) {
  const t = useT();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ mr: 1, fontWeight: 600 }} data-testid="partner-count">
        {code.partnerCount}
      </Box>
      <Button size="small" variant="text" onClick={() => onAssign?.(code)}>
        {code.partnerCount === 0 ? t('staff.codes.assign') : t('staff.codes.manage')}
      </Button>
    </Box>
  );
}

const STATUS_COLUMN: CodeColumn = {
  column: 'staff.codes.status',
  cell: (code) => <StatusChip status={code.status} />,
};

const SORT_BY_DATE_AND_USE = [
  { key: 'createdAt', order: 'desc', label: 'staff.codes.sort.newest' },
  { key: 'createdAt', order: 'asc', label: 'staff.codes.sort.oldest' },
] as const;

export const CODES_ROLES: Readonly<Record<CodesRole, CodesRoleView>> = {
  admin: {
    label: 'staff.codes.adminList',
    minWidth: 1080,
    idAttribute: 'data-id',
    nameOf: (code) => code.clinicName,
    selectLabel: (code, t) => t('staff.codes.selectId', { id: shortId(code.id) }),
    selectAllInHeader: false,
    sortChoices: [
      ...SORT_BY_DATE_AND_USE,
      { key: 'name', order: 'asc', label: 'staff.codes.sort.nameAsc' },
      { key: 'name', order: 'desc', label: 'staff.codes.sort.nameDesc' },
      { key: 'usageCount', order: 'desc', label: 'staff.codes.sort.mostUsed' },
      { key: 'usageCount', order: 'asc', label: 'staff.codes.sort.leastUsed' },
      { key: 'expiresAt', order: 'asc', label: 'staff.codes.sort.expiresSoonest' },
      { key: 'expiresAt', order: 'desc', label: 'staff.codes.sort.expiresLatest' },
    ],
    partnerFilter: true,
    columns: [
      { column: 'staff.codes.id', cell: (code) => shortId(code.id), cellSx: { fontFamily: 'monospace' } },
      {
        // "Antelope Valley …" hid which partner a row is: names wrap.
        column: { label: 'staff.codes.facility', sortKey: 'name' },
        cell: (code) => <NameCell name={code.clinicName} code={code} withId={false} />,
        cellSx: { minWidth: 180, maxWidth: 260 },
      },
      { column: 'staff.codes.discount', cell: discountText },
      { column: { label: 'staff.codes.usage', sortKey: 'usageCount' }, cell: adminUsage },
      {
        column: { label: 'staff.codes.expires', sortKey: 'expiresAt' },
        cell: expiryText,
        cellSx: { whiteSpace: 'nowrap' },
      },
      STATUS_COLUMN,
      {
        column: 'staff.codes.batch',
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
      {
        column: 'staff.codes.partners',
        cell: (code, { onAssign }) => <PartnersCell code={code} onAssign={onAssign} />,
      },
    ],
    cardFields: (code, context) => [
      ['staff.codes.discount', discountText(code, context)],
      ['staff.codes.usage', adminUsage(code)],
      ['staff.codes.expires', expiryText(code, context)],
      ['staff.codes.batch', code.batchName ?? '—'],
      ['staff.codes.partners', <PartnersCell key="partners" code={code} onAssign={context.onAssign} />],
    ],
    designedStates: false,
  },
  company: {
    label: 'staff.codes.companyList',
    minWidth: 900,
    idAttribute: 'data-code-id',
    nameOf: codeName,
    selectLabel: (code, t) => t('staff.codes.selectName', { name: codeName(code) }),
    selectAllInHeader: true,
    sortChoices: [
      ...SORT_BY_DATE_AND_USE,
      { key: 'name', order: 'asc', label: 'staff.codes.sort.partnerAsc' },
      { key: 'name', order: 'desc', label: 'staff.codes.sort.partnerDesc' },
      { key: 'usageCount', order: 'desc', label: 'staff.codes.sort.mostUsed' },
      { key: 'usageCount', order: 'asc', label: 'staff.codes.sort.leastUsed' },
    ],
    partnerFilter: false,
    columns: [
      {
        column: { label: 'staff.codes.qrCode', sortKey: 'name' },
        cell: (code) => <NameCell name={codeName(code)} code={code} withId />,
        cellSx: { minWidth: 220, maxWidth: 360 },
      },
      {
        column: 'staff.codes.discount',
        cell: (code, context) => <DiscountText code={code} context={context} />,
      },
      {
        column: { label: 'staff.codes.created', sortKey: 'createdAt' },
        cell: createdText,
        cellSx: { whiteSpace: 'nowrap' },
      },
      {
        column: { label: 'staff.codes.usage', sortKey: 'usageCount' },
        cell: usageText,
        cellSx: { whiteSpace: 'nowrap', fontWeight: 700 },
      },
      STATUS_COLUMN,
    ],
    cardFields: (code, context) => [
      ['staff.codes.discount', discountText(code, context)],
      ['staff.codes.usage', usageText(code)],
      ['staff.codes.created', createdText(code, context)],
    ],
    designedStates: true,
  },
};
