import { describe, expect, it } from 'vitest';
import {
  cursorOf,
  listQueryOf,
  rememberNextCursor,
  searchFromView,
  toggledSort,
  viewFromSearch,
} from './admin-view';

describe('the administrator’s statements view', () => {
  it('round-trips through the URL, defaults left out, nonsense ignored', () => {
    const view = viewFromSearch(
      new URLSearchParams('period=2026-09&status=disputed&sort=net&order=asc&page=3&size=50'),
      '2026-10',
    );
    expect(view).toEqual({
      period: '2026-09',
      status: 'disputed',
      sort: 'net',
      order: 'asc',
      page: 2,
      pageSize: 50,
    });
    expect(searchFromView(view, '2026-10').toString()).toBe(
      'period=2026-09&status=disputed&sort=net&order=asc&size=50&page=3',
    );
    const odd = viewFromSearch(
      new URLSearchParams('period=2026-13&status=lost&sort=partner&page=-1&size=7'),
      '2026-10',
    );
    expect(odd).toEqual({
      period: '2026-10',
      status: undefined,
      sort: 'issuedAt',
      order: 'desc',
      page: 0,
      pageSize: 25,
    });
    expect(searchFromView(odd, '2026-10').toString()).toBe('');
    // A sort named without its way takes the sort's own first way (amounts: most first).
    expect(viewFromSearch(new URLSearchParams('sort=clubOwes'), '2026-10').order).toBe('desc');
    expect(viewFromSearch(new URLSearchParams('sort=status'), '2026-10').order).toBe('asc');
  });

  it('asks the server for the sort (only when not its own order), and toggles a header', () => {
    const view = viewFromSearch(new URLSearchParams(''), '2026-10');
    expect(listQueryOf(view)).toEqual({ period: '2026-10', status: undefined, limit: 25 });
    expect(listQueryOf({ ...view, sort: 'net', order: 'asc' })).toMatchObject({ sort: 'net', order: 'asc' });
    expect(toggledSort(view, 'net')).toEqual({ sort: 'net', order: 'desc' });
    expect(toggledSort({ sort: 'net', order: 'desc' }, 'net')).toEqual({ sort: 'net', order: 'asc' });
    expect(toggledSort({ sort: 'net', order: 'desc' }, 'status')).toEqual({ sort: 'status', order: 'asc' });
  });

  it('pages by the cursors the server handed out, per view', () => {
    const first = viewFromSearch(new URLSearchParams('period=2026-08&sort=net'), '2026-10');
    expect(cursorOf({ ...first, page: 1 })).toBeUndefined();
    rememberNextCursor(first, 'c1');
    expect(cursorOf({ ...first, page: 1 })).toBe('c1');
    expect(cursorOf({ ...first, page: 1, order: 'asc' })).toBeUndefined();
    expect(cursorOf(first)).toBeUndefined();
  });
});
