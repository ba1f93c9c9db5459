import { PERIOD_PATTERN, STATEMENT_STATUSES, type Statement, type StatementStatus } from '@avpass/contracts';

export const SORT_KEYS = ['partner', 'status', 'clubOwes', 'partnerOwes', 'net'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface AdminView {
  period: string;
  status: StatementStatus | undefined;
  sort: SortKey;
  order: 'asc' | 'desc';
}

/** The administrator's view of the statements, as the URL keeps it (anything unknown is ignored). */
export function viewFromSearch(search: URLSearchParams, defaultPeriod: string): AdminView {
  const period = search.get('period') ?? '';
  const sort = SORT_KEYS.find((k) => k === search.get('sort')) ?? 'partner';
  return {
    period: PERIOD_PATTERN.test(period) ? period : defaultPeriod,
    status: STATEMENT_STATUSES.find((s) => s === search.get('status')),
    sort,
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The URL of a view: only what differs from the screen's own defaults. */
export function searchFromView(view: AdminView, defaultPeriod: string): URLSearchParams {
  const params = new URLSearchParams();
  if (view.period !== defaultPeriod) params.set('period', view.period);
  if (view.status) params.set('status', view.status);
  if (view.sort !== 'partner' || view.order !== 'asc') {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  return params;
}

const VALUE: Record<SortKey, (s: Statement) => string | number> = {
  partner: (s) => s.partnerName.toLocaleLowerCase('en-US'),
  status: (s) => s.status,
  clubOwes: (s) => s.clubOwesCents,
  partnerOwes: (s) => s.partnerOwesCents,
  net: (s) => s.netCents,
};

/** The page's statements in the view's order (ties: partner, then newest revision). */
export function sortStatements(items: readonly Statement[], view: Pick<AdminView, 'sort' | 'order'>) {
  const sign = view.order === 'asc' ? 1 : -1;
  const value = VALUE[view.sort];
  return [...items].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.partnerName.localeCompare(b.partnerName) || b.revision - a.revision;
  });
}
