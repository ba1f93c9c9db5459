import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { PartnerPicker } from '@/components/form/partner-picker';
import { useT } from '@/i18n/i18n';
import type { TableSort, TableState } from '@/lib/table-state';

/**
 * A select's shown choice is never cut: a row of fields shrinks the others (a search box, a month)
 * rather than this one, whose width is its longest words' (a language's may be 40 % longer).
 */
const KEEPS_ITS_WIDTH = { flexShrink: 0 } as const;

/**
 * A table's status filter (issue 27): "All statuses" or one of the list's statuses, with the labels
 * the table's chips show. Kept in the URL by useTableState.
 */
export function StatusFilter<S extends string>({
  value,
  onChange,
  labels,
  sx,
  label,
  allLabel,
}: {
  value: S | undefined;
  onChange: (status: S | undefined) => void;
  labels: Readonly<Record<S, string>>;
  sx?: SxProps<Theme>;
  /** The field's name, when the list's "status" is another column (the ledger's Type). */
  label?: string;
  allLabel?: string;
}) {
  const t = useT();
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label={label ?? t('staff.list.status')}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as S | undefined)}
      sx={[{ minWidth: 160, ...KEEPS_ITS_WIDTH }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid="status-filter"
    >
      <MenuItem value="">{allLabel ?? t('staff.list.allStatuses')}</MenuItem>
      {(Object.keys(labels) as S[]).map((status) => (
        <MenuItem key={status} value={status}>
          {labels[status]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The sort as one field, for the cards a phone shows instead of the table's headers: each choice is a
 * column and a direction ("Name (A–Z)").
 */
export function SortSelect<K extends string>({
  value,
  onChange,
  choices,
  sx,
}: {
  value: { key: K; order: 'asc' | 'desc' };
  onChange: (sort: { key: K; order: 'asc' | 'desc' }) => void;
  choices: ReadonlyArray<{ key: K; order: 'asc' | 'desc'; label: string }>;
  sx?: SxProps<Theme>;
}) {
  const t = useT();
  const current = `${value.key}:${value.order}`;
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label={t('staff.list.sortBy')}
      value={choices.some((c) => `${c.key}:${c.order}` === current) ? current : ''}
      onChange={(event) => {
        const choice = choices.find((c) => `${c.key}:${c.order}` === event.target.value);
        if (choice) onChange({ key: choice.key, order: choice.order });
      }}
      sx={[{ minWidth: 180, ...KEEPS_ITS_WIDTH }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid="sort-select"
    >
      {choices.map((choice) => (
        <MenuItem key={`${choice.key}:${choice.order}`} value={`${choice.key}:${choice.order}`}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A list's search box, a magnifier in front (the list asks the server; the caller debounces). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  width = 340,
  maxLength,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Its width from a laptop up (a phone's is the row's). */
  width?: number;
  maxLength?: number;
  testId?: string;
}) {
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRoundedIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        ...(maxLength === undefined ? {} : { htmlInput: { maxLength } }),
      }}
      sx={{ width: { xs: '100%', md: width } }}
      data-testid={testId}
    />
  );
}

/** A table's partner filter: the directory's partners (no "No partner"), the choice kept by the table. */
export function PartnerFilter({
  value,
  onChange,
  testId,
  width = 300,
}: {
  value: { id: string; name: string } | undefined;
  onChange: (partner: { id: string; name: string } | undefined) => void;
  testId: string;
  /** Its width from a tablet up (a phone's is the row's). */
  width?: number;
}) {
  const t = useT();
  return (
    <Box sx={{ width: { xs: '100%', sm: width } }}>
      <PartnerPicker
        size="small"
        label={t('staff.list.partner')}
        allowNone={false}
        helperText=""
        testId={testId}
        value={value ? { ...value, logoUrl: null } : null}
        onChange={(partner) =>
          onChange(partner && partner.id ? { id: partner.id, name: partner.name } : undefined)
        }
      />
    </Box>
  );
}

/**
 * The fields above a table (issue 27), bound to its useTableState: a labelled group of the search box,
 * the status filter, the partner filter and the sort (the phone's, which has no headers to press), in
 * that order, each there when its props are.
 */
export function TableToolbar<K extends string, S extends string = never>({
  table,
  label,
  search,
  statusLabels,
  statusField,
  partner,
  sortChoices,
  sx,
}: {
  // The status type comes from statusLabels (none: the table has no status filter).
  table: Pick<
    TableState<K, NoInfer<S>>,
    'searchText' | 'setSearchText' | 'status' | 'setStatus' | 'partner' | 'setPartner' | 'sort' | 'setSort'
  >;
  /** The group's accessible name ("Search and sort the batches"). */
  label: string;
  search?: { label: string; placeholder: string; width?: number; maxLength?: number; testId?: string };
  statusLabels?: Readonly<Record<S, string>>;
  /** The status field's own words, when the list's "status" is another column (the ledger's Type). */
  statusField?: { label: string; allLabel: string };
  partner?: { testId: string; width?: number };
  sortChoices?: ReadonlyArray<TableSort<K> & { label: string }>;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={[
        { display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {search && <SearchField {...search} value={table.searchText} onChange={table.setSearchText} />}
      {statusLabels && (
        <StatusFilter
          value={table.status}
          onChange={table.setStatus}
          labels={statusLabels}
          {...statusField}
        />
      )}
      {partner && <PartnerFilter {...partner} value={table.partner} onChange={table.setPartner} />}
      {sortChoices && <SortSelect value={table.sort} onChange={table.setSort} choices={sortChoices} />}
    </Box>
  );
}
