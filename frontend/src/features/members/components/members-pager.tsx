import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZES } from '@/components/data-display/pager';
import { useLanguage, useT } from '@/i18n/i18n';
import { formatNumberIn } from '@avpass/domain';

/**
 * The pager of a keyset list without a total: "26–50 of more than 50" while the server has a next
 * page, the exact count once it has not.
 */
export function MembersPager({
  page,
  pageSize,
  shown,
  hasNext,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  shown: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    <TablePagination
      component="div"
      count={hasNext ? -1 : page * pageSize + shown}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      labelRowsPerPage={t('members.pager.perPage')}
      onPageChange={(_e, next) => onPageChange(next)}
      onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
      labelDisplayedRows={({ from, to, count }) =>
        shown === 0
          ? ''
          : count === -1
            ? t('members.pager.rangeMore', { from, to })
            : t('members.pager.range', { from, to, count: formatNumberIn(language, count) })
      }
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
