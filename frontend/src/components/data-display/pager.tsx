import TablePagination from '@mui/material/TablePagination';
import { formatNumberIn } from '@avpass/domain';
import { useState } from 'react';
import { useT, useLanguage } from '@/i18n/i18n';

export const PAGE_SIZES = [10, 25, 50];

/** The page a server-paged list shows; a new page size starts again at the first page. */
export interface Paging {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** Paging state for one list, with `limit`/`offset` for its query and `reset` (back to page one). */
export function usePaging(initialPageSize = PAGE_SIZES[0] ?? 10) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    page,
    pageSize,
    limit: pageSize,
    offset: page * pageSize,
    onPageChange: setPage,
    onPageSizeChange: (size: number) => {
      setPageSize(size);
      setPage(0);
    },
    reset: () => setPage(0),
  } satisfies Paging & { limit: number; offset: number; reset: () => void };
}

const PAGER_SX = {
  /** Wraps on a phone instead of pushing its arrows off the screen ("Per page:" stays). */
  wrap: {
    '& .MuiTablePagination-toolbar': {
      flexWrap: 'wrap',
      justifyContent: 'flex-end',
      px: { xs: 0.5, sm: 2 },
    },
    '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
    '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
  },
  /** Phones get the arrows and the range only. */
  compact: {
    '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
      display: { xs: 'none', sm: 'inline-flex' },
    },
    '& .MuiTablePagination-toolbar': { pl: { xs: 1.5, sm: 2 } },
  },
} as const;

/** MUI TablePagination under a server-paged list. */
export function Pager({
  count,
  countIsLowerBound = false,
  paging,
  variant = 'compact',
}: {
  count: number;
  /** The count is a floor (a filtered count that stopped at its bound): "of more than 10,000". */
  countIsLowerBound?: boolean;
  paging: Paging;
  variant?: keyof typeof PAGER_SX;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    <TablePagination
      component="div"
      count={count}
      page={paging.page}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      labelRowsPerPage={variant === 'wrap' ? t('staff.list.perPage') : t('staff.list.rowsPerPage')}
      onPageChange={(_event, next) => paging.onPageChange(next)}
      onRowsPerPageChange={(event) => paging.onPageSizeChange(Number(event.target.value))}
      labelDisplayedRows={({ from, to, count: shown }) =>
        t(countIsLowerBound ? 'staff.list.rowsOfMore' : 'staff.list.rowsOf', {
          from,
          to,
          count: formatNumberIn(language, shown),
        })
      }
      getItemAriaLabel={(type) => t(`staff.list.page.${type}`)}
      sx={PAGER_SX[variant]}
    />
  );
}
