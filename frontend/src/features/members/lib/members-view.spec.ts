import { memberListQuerySchema } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import {
  cursorOf,
  listQueryOf,
  rememberNextCursor,
  searchFromView,
  toggledSort,
  viewFromSearch,
} from './members-view';

describe('the members view in the URL', () => {
  it('round-trips search, tag, consent, sort and page, leaving the defaults out', () => {
    const params = new URLSearchParams('q=ana&tag=coach&consent=sms&sort=name&order=desc&size=50&page=3');
    const view = viewFromSearch(params);
    expect(view).toEqual({
      search: 'ana',
      tag: 'coach',
      consent: 'sms',
      sort: 'name',
      order: 'desc',
      page: 2,
      pageSize: 50,
    });
    expect(searchFromView(view).toString()).toBe(params.toString());
    expect(searchFromView(viewFromSearch(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores what the list does not know instead of asking the server for a 400', () => {
    const view = viewFromSearch(
      new URLSearchParams('tag=Not%20a%20tag!&consent=fax&sort=age&page=-2&size=7'),
    );
    expect(view).toMatchObject({ tag: '', consent: undefined, sort: 'createdAt', order: 'desc', page: 0 });
    expect(memberListQuerySchema.safeParse(listQueryOf(view)).success).toBe(true);
  });

  it('sends sort and order only when they are not the list’s own, and the query passes the contract', () => {
    const view = viewFromSearch(new URLSearchParams('q=ana&tag=coach&consent=none'));
    expect(listQueryOf(view)).toEqual({ search: 'ana', tag: 'coach', consent: 'none', limit: 25 });
    const byName = { ...view, ...toggledSort(view, 'name') };
    expect(byName.order).toBe('asc');
    expect(toggledSort(byName, 'name').order).toBe('desc');
    expect(memberListQuerySchema.safeParse(listQueryOf(byName)).success).toBe(true);
  });

  it('remembers the next page’s cursor per view, and knows none for another view', () => {
    const view = viewFromSearch(new URLSearchParams('tag=family'));
    rememberNextCursor(view, 'c2');
    expect(cursorOf({ ...view, page: 1 })).toBe('c2');
    expect(cursorOf({ ...view, tag: 'coach', page: 1 })).toBeUndefined();
    expect(cursorOf(view)).toBeUndefined();
  });
});
