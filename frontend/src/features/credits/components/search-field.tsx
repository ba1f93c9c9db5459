import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { usePaging } from '@/components/data-display/pager';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** A list's search box (the list asks the server; the term is debounced by the caller). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
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
      }}
      sx={{ width: { xs: '100%', md: 340 } }}
    />
  );
}

/** A searched, paged list: the typed search, its debounced term, and paging that restarts on each change. */
export function useSearchedList(pageSize: number) {
  const [search, setSearchText] = useState('');
  const paging = usePaging(pageSize);
  const term = useDebouncedValue(search.trim());
  const setSearch = (value: string) => {
    setSearchText(value);
    paging.reset();
  };
  return { search, setSearch, term, paging };
}

/** The search box above a list, with the list's action (a button) at the other end. */
export function SearchToolbar({
  label,
  placeholder,
  list,
  children,
}: {
  label: string;
  placeholder: string;
  list: Pick<ReturnType<typeof useSearchedList>, 'search' | 'setSearch'>;
  children?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}
    >
      <SearchField label={label} placeholder={placeholder} value={list.search} onChange={list.setSearch} />
      {children}
    </Stack>
  );
}
