import { describe, expect, it } from 'vitest';
import {
  afterCursorSql,
  afterSortedCursorSql,
  encodeCursor,
  encodeSortedCursor,
  nextSortedCursor,
  type SortColumn,
} from './keyset';

const ID = '3f2b1c7e-1234-4abc-9def-0123456789ab';
const byName: SortColumn = { sort: 'name', order: 'asc', expression: 'lower(q.clinic_name)', type: 'text' };

describe('sorted keyset cursors (issue 27)', () => {
  it('a page of a sort starts after its last row’s value and id, in the sort’s direction', () => {
    const cursor = nextSortedCursor([{ sort_value: 'antelope valley', id: ID }], 1, byName)!;
    expect(afterSortedCursorSql(cursor, byName, 'q.id')).toEqual({
      sql: '(lower(q.clinic_name), q.id) > (?::text, ?::uuid)',
      params: ['antelope valley', ID],
    });
    const desc = { ...byName, order: 'desc' as const };
    const back = encodeSortedCursor({ sort: 'name', order: 'desc', value: 'm', id: ID });
    expect(afterSortedCursorSql(back, desc, 'q.id')?.sql).toBe(
      '(lower(q.clinic_name), q.id) < (?::text, ?::uuid)',
    );
    expect(nextSortedCursor([{ sort_value: 'a', id: ID }], 2, byName)).toBeNull();
  });

  it('a cursor of another sort, another direction or the default order is refused, not followed', () => {
    const other = encodeSortedCursor({ sort: 'usageCount', order: 'asc', value: '3', id: ID });
    expect(() => afterSortedCursorSql(other, byName, 'q.id')).toThrow(/another sort order/);
    const otherWay = encodeSortedCursor({ sort: 'name', order: 'desc', value: 'a', id: ID });
    expect(() => afterSortedCursorSql(otherWay, byName, 'q.id')).toThrow(/another sort order/);
    const newest = encodeCursor({ at: '2026-11-23 05:00:00+00', id: ID });
    expect(() => afterSortedCursorSql(newest, byName, 'q.id')).toThrow(/another sort order/);
    const sorted = encodeSortedCursor({ sort: 'name', order: 'asc', value: 'a', id: ID });
    expect(() => afterCursorSql(sorted, 'q.created_at', 'q.id')).toThrow(/another sort order/);
    expect(() => afterSortedCursorSql('bm90IGEgY3Vyc29y', byName, 'q.id')).toThrow(/cursor is not valid/);
  });
});
