import TablePagination from '@mui/material/TablePagination';

export const PAGE_SIZES = [10, 25, 50];

export interface Paging {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** MUI TablePagination for a server-paged list; phones get the arrows and the range only. */
export function Pager({ count, paging }: { count: number; paging: Paging }) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={paging.page}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_event, next) => paging.onPageChange(next)}
      onRowsPerPageChange={(event) => paging.onPageSizeChange(Number(event.target.value))}
      sx={{
        '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
          display: { xs: 'none', sm: 'inline-flex' },
        },
        '& .MuiTablePagination-toolbar': { pl: { xs: 1.5, sm: 2 } },
      }}
    />
  );
}

/** A list's frame: a card on wide screens, edge to edge inside the tab panel on phones. */
export const listFrameSx = {
  borderRadius: { xs: 0, md: 3 },
  borderLeft: { xs: 'none', md: undefined },
  borderRight: { xs: 'none', md: undefined },
  boxShadow: { xs: 'none', md: undefined },
} as const;
