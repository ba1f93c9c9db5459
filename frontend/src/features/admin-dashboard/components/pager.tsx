import TablePagination from '@mui/material/TablePagination';

/** Server-side paging under a list; wraps on a phone instead of pushing its arrows off the screen. */
export function Pager({
  total,
  page,
  rowsPerPage,
  onPage,
  onRowsPerPage,
  options = [10, 25, 50],
}: {
  total: number;
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  options?: number[];
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      onPageChange={(_event, next) => onPage(next)}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={options}
      labelRowsPerPage="Per page:"
      onRowsPerPageChange={(event) => onRowsPerPage(Number(event.target.value))}
      sx={{
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          px: { xs: 0.5, sm: 2 },
        },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
        '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
      }}
    />
  );
}
