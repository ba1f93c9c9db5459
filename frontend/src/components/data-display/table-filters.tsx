import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table's status filter (issue 27): "All statuses" or one of the list's statuses, with the labels
 * the table's chips show. Kept in the URL by useTableState.
 */
export function StatusFilter<S extends string>({
  value,
  onChange,
  labels,
  sx,
}: {
  value: S | undefined;
  onChange: (status: S | undefined) => void;
  labels: Readonly<Record<S, string>>;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label="Status"
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as S | undefined)}
      sx={[{ minWidth: 160 }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid="status-filter"
    >
      <MenuItem value="">All statuses</MenuItem>
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
  const current = `${value.key}:${value.order}`;
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label="Sort by"
      value={choices.some((c) => `${c.key}:${c.order}` === current) ? current : ''}
      onChange={(event) => {
        const choice = choices.find((c) => `${c.key}:${c.order}` === event.target.value);
        if (choice) onChange({ key: choice.key, order: choice.order });
      }}
      sx={[{ minWidth: 180 }, ...(Array.isArray(sx) ? sx : [sx])]}
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
