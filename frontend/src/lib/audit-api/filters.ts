import type { AuditQuery } from '@avpass/contracts';

/** The filters of the audit screen, as the URL keeps them (dates as the date fields hold them: YYYY-MM-DD). */
export interface AuditFilterValues {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_KEYS = ['actorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = {
  actorId: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

/** The filters in a URL's search params (unknown keys ignored, values trimmed). */
export function filtersFromSearch(params: URLSearchParams): AuditFilterValues {
  const values = { ...EMPTY_AUDIT_FILTERS };
  for (const key of AUDIT_FILTER_KEYS) values[key] = (params.get(key) ?? '').trim();
  return values;
}

/** The search params of the filters: empty ones left out, so a clean URL means "everything". */
export function searchFromFilters(values: AuditFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = values[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date field's day as the ISO date-time the API takes: `from` at the start of that day, `to` at its
 * last millisecond, both in the viewer's time zone (a day is the viewer's day). A full date-time (a
 * link that carries one) passes as it is; anything else is left out rather than sent as a 400.
 */
export function dayBound(value: string, edge: 'start' | 'end'): string | undefined {
  const day = DAY.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const local =
      edge === 'start' ? new Date(year, month, date) : new Date(year, month, date, 23, 59, 59, 999);
    return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) {
    return new Date(value).toISOString();
  }
  return undefined;
}

/** The API query of the filters (GET /api/audit and /api/audit/export take the same). */
export function queryFromFilters(values: AuditFilterValues): Omit<AuditQuery, 'cursor' | 'limit'> {
  const text = (value: string) => value.trim() || undefined;
  return {
    actorId: text(values.actorId),
    action: text(values.action),
    targetType: text(values.targetType),
    targetId: text(values.targetId),
    from: dayBound(values.from.trim(), 'start'),
    to: dayBound(values.to.trim(), 'end'),
  };
}
