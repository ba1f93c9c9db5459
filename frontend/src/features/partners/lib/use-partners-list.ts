import {
  PARTNER_CATEGORIES,
  VENDOR_SORT_DEFAULT_ORDER,
  VENDOR_SORTS,
  VENDOR_STATUSES,
  type VendorStatusFilter,
} from '@avpass/contracts';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES } from '@/components/data-display/pager';
import { useTableState } from '@/lib/table-state';
import { useVendors } from '../api/get-vendors';

/**
 * The partner network's view: search, category, status, sort and page in the URL (issue 27: a reload
 * or a shared link shows the same partners), and the page of partners the server answers for it.
 */
export function usePartnersList() {
  const table = useTableState({
    sorts: VENDOR_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: VENDOR_SORT_DEFAULT_ORDER,
    statuses: PARTNER_CATEGORIES,
    statusParam: 'category',
    pageSize: PAGE_SIZES[0],
  });
  // The category takes the table's filter; the status (active / inactive) is a second one, `status`.
  const [params, setParams] = useSearchParams();
  const status = VENDOR_STATUSES.find((value) => value === params.get('status'));
  const setStatus = (value: VendorStatusFilter | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        if (value) next.set('status', value);
        else next.delete('status');
        return next;
      },
      { replace: true },
    );
  const debounced = table.search ?? '';
  const category = table.status ?? '';
  const vendors = useVendors({
    search: debounced,
    category,
    status,
    sort: table.query.sort,
    order: table.query.order,
    limit: table.paging.limit,
    offset: table.paging.offset,
  });
  const filtered = Boolean(debounced || category || status);
  const clearFilters = () => {
    table.setSearchText('');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['category', 'status', 'page', 'q']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  };
  return { table, category, status, setStatus, vendors, filtered, clearFilters };
}

export type PartnersList = ReturnType<typeof usePartnersList>;
