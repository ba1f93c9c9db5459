import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '@avpass/contracts';
import { AUDIT_URLS, auditUrl } from './urls';
import {
  dayBound,
  EMPTY_AUDIT_FILTERS,
  filtersFromSearch,
  queryFromFilters,
  searchFromFilters,
} from './filters';

describe('audit filters in the URL', () => {
  it('round-trips the filters and leaves empty ones out', () => {
    const values = { ...EMPTY_AUDIT_FILTERS, targetType: 'voucher', targetId: 'abc', from: '2026-11-01' };
    const search = searchFromFilters(values);
    expect(search.toString()).toBe('targetType=voucher&targetId=abc&from=2026-11-01');
    expect(filtersFromSearch(search)).toEqual(values);
  });

  it('reads a History link and ignores unknown keys', () => {
    const values = filtersFromSearch(new URLSearchParams('targetType=partner&targetId=%20p1%20&cursor=x'));
    expect(values).toEqual({ ...EMPTY_AUDIT_FILTERS, targetType: 'partner', targetId: 'p1' });
  });
});

describe('the API query of the filters', () => {
  it('turns days into the ISO bounds the contract accepts', () => {
    const query = queryFromFilters({ ...EMPTY_AUDIT_FILTERS, from: '2026-11-01', to: '2026-11-02' });
    expect(auditQuerySchema.safeParse(query).success).toBe(true);
    const from = new Date(query.from ?? '');
    const to = new Date(query.to ?? '');
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([2026, 10, 1, 0]);
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getMilliseconds()]).toEqual([2, 23, 59, 999]);
  });

  it('leaves out a date it cannot read instead of sending a 400', () => {
    expect(dayBound('yesterday', 'start')).toBeUndefined();
    expect(dayBound('', 'end')).toBeUndefined();
    expect(dayBound('2026-11-01T10:00:00Z', 'start')).toBe('2026-11-01T10:00:00.000Z');
  });

  it('builds the same URL for the list and the export', () => {
    const query = queryFromFilters({
      ...EMPTY_AUDIT_FILTERS,
      actorId: 'u1',
      action: 'vouchers.voucher.deleted',
    });
    expect(auditUrl(AUDIT_URLS.list, { ...query, limit: 50 })).toBe(
      '/api/audit?actorId=u1&action=vouchers.voucher.deleted&limit=50',
    );
    expect(auditUrl(AUDIT_URLS.exportCsv, query)).toBe(
      '/api/audit/export?actorId=u1&action=vouchers.voucher.deleted',
    );
  });
});
