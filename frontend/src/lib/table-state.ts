import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, type Paging } from '@/components/data-display/pager';
import { useDebouncedValue } from './use-debounced-value';

/** A table's sort: the column's key and the direction. */
export interface TableSort<K extends string = string> {
  key: K;
  order: 'asc' | 'desc';
}

export interface TableStateOptions<K extends string, S extends string> {
  /** The sortable columns' keys (what the server's `sort` takes); anything else in the URL is ignored. */
  sorts: readonly K[];
  /** The list's own order when the URL names none. */
  defaultSort: TableSort<K>;
  /** Each column's first direction when its header is pressed (a name A–Z, a count most first). */
  firstOrder?: Partial<Record<K, 'asc' | 'desc'>>;
  /** The status filter's values; anything else in the URL is ignored. */
  statuses?: readonly S[];
  /** The status filter's name in the URL (`status`; a partner list filters by `category`). */
  statusParam?: string;
  /** Two tables on one screen keep apart in the URL (`r.sort=` …). */
  prefix?: string;
  pageSize?: number;
}

/** What a table shows, kept in the URL, and its query for the server. */
export interface TableState<K extends string, S extends string> {
  /** What the search box shows (typed now; the query follows after a pause). */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The applied search (in the URL), trimmed; undefined when blank. */
  search: string | undefined;
  sort: TableSort<K>;
  /** A header pressed: that column, its first direction; pressed again, the other direction. */
  toggleSort: (key: K) => void;
  setSort: (sort: TableSort<K>) => void;
  status: S | undefined;
  setStatus: (status: S | undefined) => void;
  /** The partner filter: its id and the name shown for it (the name rides in the URL too). */
  partner: { id: string; name: string } | undefined;
  setPartner: (partner: { id: string; name: string } | undefined) => void;
  paging: Paging & { limit: number; offset: number; reset: () => void };
  /** Whether anything narrows the list (search, status or partner). */
  filtered: boolean;
  /** The list query: `sort`/`order` only when not the list's own order, so the old call is unchanged. */
  query: {
    limit: number;
    offset: number;
    search?: string;
    sort?: K;
    order?: 'asc' | 'desc';
    status?: S;
    partnerId?: string;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One table's search, sort, filters and page in the URL's query (issue 27): a reload, Back, or a
 * shared link shows the same view. Values the URL holds that the table does not know are ignored.
 * Every change but the page starts again at the first page; changes replace the history entry
 * (typing is not a trail of Back steps), a page step pushes one.
 */
export function useTableState<K extends string, S extends string = never>(
  options: TableStateOptions<K, S>,
): TableState<K, S> {
  const [params, setParams] = useSearchParams();
  const p = (name: string) => `${options.prefix ? `${options.prefix}.` : ''}${name}`;
  const read = (name: string) => params.get(p(name)) ?? undefined;

  const search = read('q')?.trim() || undefined;
  const sortKey = options.sorts.find((key) => key === read('sort')) ?? options.defaultSort.key;
  const orderParam = read('order');
  const order: 'asc' | 'desc' =
    orderParam === 'asc' || orderParam === 'desc'
      ? orderParam
      : sortKey === options.defaultSort.key
        ? options.defaultSort.order
        : (options.firstOrder?.[sortKey] ?? 'asc');
  const statusParam = options.statusParam ?? 'status';
  const status = options.statuses?.find((value) => value === read(statusParam));
  const partnerId = read('partner');
  const partner =
    partnerId && UUID.test(partnerId) ? { id: partnerId, name: read('pname') ?? '' } : undefined;
  const sizeParam = Number(read('size'));
  const pageSize = PAGE_SIZES.includes(sizeParam) ? sizeParam : (options.pageSize ?? PAGE_SIZES[0] ?? 10);
  const pageParam = Number(read('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam - 1 : 0;

  /** Writes some of this table's parameters (undefined removes one); the page goes back to 1 unless set. */
  const update = (changes: Record<string, string | undefined>, push = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('page' in changes)) next.delete(p('page'));
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(p(name));
          else next.set(p(name), value);
        }
        return next;
      },
      { replace: !push },
    );
  };

  // The search box types freely; the URL (and the query) follow after a pause.
  const [searchText, setSearchText] = useState(search ?? '');
  const typed = useDebouncedValue(searchText.trim());
  useEffect(() => {
    if ((typed || undefined) !== search) update({ q: typed || undefined });
    // Only a new pause writes; the URL changing under the box (Back) refills it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    // Back/Forward or a link changed the URL's search: the box shows it.
    setShownSearch(search);
    if ((searchText.trim() || undefined) !== search) setSearchText(search ?? '');
  }

  const setSort = (next: TableSort<K>) => {
    const isDefault = next.key === options.defaultSort.key && next.order === options.defaultSort.order;
    update({ sort: isDefault ? undefined : next.key, order: isDefault ? undefined : next.order });
  };
  const isDefaultSort = sortKey === options.defaultSort.key && order === options.defaultSort.order;

  return {
    searchText,
    setSearchText,
    search,
    sort: { key: sortKey, order },
    toggleSort: (key) => {
      const first =
        key === options.defaultSort.key ? options.defaultSort.order : (options.firstOrder?.[key] ?? 'asc');
      setSort({ key, order: key === sortKey ? (order === 'asc' ? 'desc' : 'asc') : first });
    },
    setSort,
    status,
    setStatus: (value) => update({ [statusParam]: value }),
    partner,
    setPartner: (value) => update({ partner: value?.id, pname: value?.name }),
    paging: {
      page,
      pageSize,
      limit: pageSize,
      offset: page * pageSize,
      onPageChange: (next) => update({ page: next > 0 ? String(next + 1) : undefined }, true),
      onPageSizeChange: (size) => update({ size: String(size) }),
      reset: () => update({}),
    },
    filtered: Boolean(search || status || partner),
    query: {
      limit: pageSize,
      offset: page * pageSize,
      ...(search ? { search } : {}),
      ...(isDefaultSort ? {} : { sort: sortKey, order }),
      ...(status ? { status } : {}),
      ...(partner ? { partnerId: partner.id } : {}),
    },
  };
}
