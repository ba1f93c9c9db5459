import type { Statement } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { searchFromView, sortStatements, viewFromSearch } from './admin-view';

const statement = (over: Partial<Statement>): Statement => ({
  id: crypto.randomUUID(),
  partnerId: crypto.randomUUID(),
  partnerName: 'A',
  period: '2026-10',
  revision: 1,
  status: 'issued',
  clubOwesCents: 0,
  partnerOwesCents: 0,
  netCents: 0,
  lineCount: 0,
  issuedAt: '2026-11-01T08:05:00Z',
  approvedAt: null,
  disputedAt: null,
  disputeReason: null,
  disputedLineIds: [],
  resolution: null,
  supersedesId: null,
  paidAt: null,
  paidReference: null,
  ...over,
});

describe('the administrator’s statements view', () => {
  it('round-trips through the URL, defaults left out, nonsense ignored', () => {
    const view = viewFromSearch(
      new URLSearchParams('period=2026-09&status=disputed&sort=net&order=desc'),
      '2026-10',
    );
    expect(view).toEqual({ period: '2026-09', status: 'disputed', sort: 'net', order: 'desc' });
    expect(searchFromView(view, '2026-10').toString()).toBe(
      'period=2026-09&status=disputed&sort=net&order=desc',
    );
    const odd = viewFromSearch(new URLSearchParams('period=2026-13&status=lost&sort=x'), '2026-10');
    expect(odd).toEqual({ period: '2026-10', status: undefined, sort: 'partner', order: 'asc' });
    expect(searchFromView(odd, '2026-10').toString()).toBe('');
  });

  it('sorts by a column', () => {
    const items = [
      statement({ partnerName: 'b', netCents: 500, clubOwesCents: 500 }),
      statement({ partnerName: 'a', netCents: -200, partnerOwesCents: 200, status: 'superseded' }),
      statement({
        partnerName: 'a',
        netCents: 100,
        clubOwesCents: 300,
        partnerOwesCents: 200,
        revision: 2,
        status: 'disputed',
      }),
    ];
    expect(sortStatements(items, { sort: 'net', order: 'desc' }).map((s) => s.netCents)).toEqual([
      500, 100, -200,
    ]);
    expect(sortStatements(items, { sort: 'partner', order: 'asc' }).map((s) => s.revision)).toEqual([
      2, 1, 1,
    ]);
  });
});
