import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { usePaging } from '@/components/data-display/pager';
import { SearchField } from '@/components/data-display/table-filters';
import { useDebouncedValue } from '@/lib/use-debounced-value';

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
