import {
  MEMBER_CONSENT_FILTERS,
  MEMBER_SORTS,
  MEMBER_TAG_PATTERN,
  type MemberConsentFilter,
  type MemberSort,
} from '@avpass/contracts';
import { PAGE_SIZES } from '@/components/data-display/pager';
import type { MemberListParams } from '@/lib/members-api';

/** The list's own order (the server's default): newest first. A name sorts A–Z first. */
export const DEFAULT_SORT: { sort: MemberSort; order: 'asc' | 'desc' } = { sort: 'createdAt', order: 'desc' };
const FIRST_ORDER: Record<MemberSort, 'asc' | 'desc'> = { createdAt: 'desc', name: 'asc' };
const DEFAULT_SIZE = PAGE_SIZES[1] ?? 25;

export interface MembersView {
  /** The applied search (the box types freely; the URL follows after a pause). */
  search: string;
  tag: string;
  consent: MemberConsentFilter | undefined;
  sort: MemberSort;
  order: 'asc' | 'desc';
  /** The page shown, from 0 (the URL says 1-based `page`). */
  page: number;
  pageSize: number;
}

/** The members view the URL keeps (decision 124); anything it does not know is ignored. */
export function viewFromSearch(params: URLSearchParams): MembersView {
  const sort = MEMBER_SORTS.find((k) => k === params.get('sort')) ?? DEFAULT_SORT.sort;
  const orderParam = params.get('order');
  const order =
    orderParam === 'asc' || orderParam === 'desc'
      ? orderParam
      : sort === DEFAULT_SORT.sort
        ? DEFAULT_SORT.order
        : FIRST_ORDER[sort];
  const tag = (params.get('tag') ?? '').trim().toLowerCase();
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    tag: MEMBER_TAG_PATTERN.test(tag) ? tag : '',
    consent: MEMBER_CONSENT_FILTERS.find((c) => c === params.get('consent')),
    sort,
    order,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE,
  };
}

/** The URL of a view: only what differs from the list's defaults. */
export function searchFromView(view: MembersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('q', view.search);
  if (view.tag) params.set('tag', view.tag);
  if (view.consent) params.set('consent', view.consent);
  if (view.sort !== DEFAULT_SORT.sort || view.order !== DEFAULT_SORT.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (view.pageSize !== DEFAULT_SIZE) params.set('size', String(view.pageSize));
  if (view.page > 0) params.set('page', String(view.page + 1));
  return params;
}

/** A header pressed: that column in its first direction; pressed again, the other direction. */
export function toggledSort(view: Pick<MembersView, 'sort' | 'order'>, key: MemberSort) {
  const order: 'asc' | 'desc' =
    view.sort === key ? (view.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[key];
  return { sort: key, order };
}

/** The list query of a view: `sort` / `order` only when not the list's own order. */
export function listQueryOf(view: MembersView): MemberListParams {
  const own = view.sort === DEFAULT_SORT.sort && view.order === DEFAULT_SORT.order;
  return {
    ...(view.search ? { search: view.search } : {}),
    ...(view.tag ? { tag: view.tag } : {}),
    ...(view.consent ? { consent: view.consent } : {}),
    ...(own ? {} : { sort: view.sort, order: view.order }),
    limit: view.pageSize,
  };
}

/**
 * Where each page after the first starts (the server's nextCursor), by view: keyset paging. The URL
 * keeps the page number, not the cursor (decision 124); a page whose cursor is not known (a reloaded
 * link to page 3) starts again at the first page.
 */
const cursors = new Map<string, string>();
const cursorKey = (view: MembersView, page: number) =>
  [view.search, view.tag, view.consent ?? '', view.sort, view.order, view.pageSize, page].join('|');

export function cursorOf(view: MembersView): string | undefined {
  return view.page > 0 ? cursors.get(cursorKey(view, view.page)) : undefined;
}

export function rememberNextCursor(view: MembersView, nextCursor: string | null): void {
  if (nextCursor) cursors.set(cursorKey(view, view.page + 1), nextCursor);
}
