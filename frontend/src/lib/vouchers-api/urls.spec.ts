import { describe, expect, it } from 'vitest';
import { rememberNextCursor, withListQuery } from './urls';

describe('paged list URLs', () => {
  it('ask for the next page by the cursor the previous page gave, and by offset when none did', () => {
    const url = '/api/test-list';
    expect(withListQuery(url, { limit: 10, offset: 0 })).toBe('/api/test-list?limit=10&offset=0');
    expect(withListQuery(url, { limit: 10, offset: 10 })).toBe('/api/test-list?limit=10&offset=10');

    rememberNextCursor(url, { limit: 10, offset: 0 }, { nextCursor: 'abc' });
    expect(withListQuery(url, { limit: 10, offset: 10 })).toBe('/api/test-list?limit=10&cursor=abc');
    // Another page size or search is another list.
    expect(withListQuery(url, { limit: 25, offset: 10 })).toBe('/api/test-list?limit=25&offset=10');
    expect(withListQuery(url, { limit: 10, offset: 10, search: 'spa' })).toBe(
      '/api/test-list?limit=10&offset=10&search=spa',
    );

    // The last page has no next one: that position goes back to offset.
    rememberNextCursor(url, { limit: 10, offset: 0 }, { nextCursor: null });
    expect(withListQuery(url, { limit: 10, offset: 10 })).toBe('/api/test-list?limit=10&offset=10');
  });
});
