import {
  EXCLUSIVE_FILTERS,
  EXCLUSIVE_SORT_DEFAULT_ORDER,
  EXCLUSIVE_SORTS,
  type ExclusiveFilter,
} from '@avpass/contracts';
import { useTableState } from '@/lib/table-state';
import { useExclusives } from '../api/get-exclusives';

/** The tabs besides All, as the URL's `filter` holds them. */
const FILTER_TABS = EXCLUSIVE_FILTERS.filter((f): f is Exclude<ExclusiveFilter, 'all'> => f !== 'all');

/**
 * The exclusives list's view in the URL (issue 27: a reload or a shared link shows the same view): the
 * filter tab (its status filter), search, sort, partner and page; and the page the server answers.
 */
export function useExclusivesTable() {
  const table = useTableState({
    sorts: EXCLUSIVE_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: EXCLUSIVE_SORT_DEFAULT_ORDER,
    statuses: FILTER_TABS,
    statusParam: 'filter',
  });
  const filter: ExclusiveFilter = table.status ?? 'all';
  const { search, sort, order, partnerId } = table.query;
  const exclusives = useExclusives({
    filter,
    limit: table.paging.limit,
    offset: table.paging.offset,
    search,
    sort,
    order,
    partnerId,
  });
  return { table, filter, exclusives, search, narrowed: Boolean(search || partnerId) };
}
