import {
  PERIOD_PATTERN,
  STATEMENT_SORT_DEFAULT_ORDER,
  STATEMENT_SORTS,
  STATEMENT_STATUSES,
  type StatementSort,
  type StatementStatus,
} from '@avpass/contracts';
import { PAGE_SIZES } from '@/components/data-display/pager';

export type SortKey = StatementSort;
/** The list's own order (the server's default): newest issued first. */
export const DEFAULT_SORT: { sort: SortKey; order: 'asc' | 'desc' } = { sort: 'issuedAt', order: 'desc' };
const DEFAULT_SIZE = PAGE_SIZES[1] ?? 25;

export interface AdminView {
  period: string;
  status: StatementStatus | undefined;
  sort: SortKey;
  order: 'asc' | 'desc';
  /** The page shown, from 0 (the URL says 1-based `page`). */
  page: number;
  pageSize: number;
}

/** The administrator's view of the statements, as the URL keeps it (anything unknown is ignored). */
export function viewFromSearch(search: URLSearchParams, defaultPeriod: string): AdminView {
  const period = search.get('period') ?? '';
  const sort = STATEMENT_SORTS.find((k) => k === search.get('sort')) ?? DEFAULT_SORT.sort;
  const orderParam = search.get('order');
  const order =
    orderParam === 'asc' || orderParam === 'desc'
      ? orderParam
      : sort === DEFAULT_SORT.sort
        ? DEFAULT_SORT.order
        : STATEMENT_SORT_DEFAULT_ORDER[sort];
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  return {
    period: PERIOD_PATTERN.test(period) ? period : defaultPeriod,
    status: STATEMENT_STATUSES.find((s) => s === search.get('status')),
    sort,
    order,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE,
  };
}

/** The URL of a view: only what differs from the screen's own defaults. */
export function searchFromView(view: AdminView, defaultPeriod: string): URLSearchParams {
  const params = new URLSearchParams();
  if (view.period !== defaultPeriod) params.set('period', view.period);
  if (view.status) params.set('status', view.status);
  if (view.sort !== DEFAULT_SORT.sort || view.order !== DEFAULT_SORT.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (view.pageSize !== DEFAULT_SIZE) params.set('size', String(view.pageSize));
  if (view.page > 0) params.set('page', String(view.page + 1));
  return params;
}

/** A header pressed: that column in its first direction; pressed again, the other direction. */
export function toggledSort(view: Pick<AdminView, 'sort' | 'order'>, key: SortKey) {
  const first = key === DEFAULT_SORT.sort ? DEFAULT_SORT.order : STATEMENT_SORT_DEFAULT_ORDER[key];
  return { sort: key, order: view.sort === key ? (view.order === 'asc' ? 'desc' : 'asc') : first } as const;
}

/** The list query of a view: `sort` / `order` only when not the list's own order. */
export function listQueryOf(view: AdminView) {
  const own = view.sort === DEFAULT_SORT.sort && view.order === DEFAULT_SORT.order;
  return {
    period: view.period,
    status: view.status,
    ...(own ? {} : { sort: view.sort, order: view.order }),
    limit: view.pageSize,
  };
}

/**
 * Where each page after the first starts (the server's nextCursor): keyset paging, by view. A page
 * whose cursor is not known (a reloaded link to page 3) starts again at the first page.
 */
const cursors = new Map<string, string>();
const cursorKey = (view: AdminView, page: number) =>
  [view.period, view.status ?? '', view.sort, view.order, view.pageSize, page].join('|');

export function cursorOf(view: AdminView): string | undefined {
  return view.page > 0 ? cursors.get(cursorKey(view, view.page)) : undefined;
}

export function rememberNextCursor(view: AdminView, nextCursor: string | null): void {
  if (nextCursor) cursors.set(cursorKey(view, view.page + 1), nextCursor);
}
