import { describe, expect, it } from 'vitest';
import {
  afterCursorSql,
  afterSortedCursorSql,
  encodeCursor,
  encodeSortedCursor,
  keysetOrder,
  nextSortedCursor,
  requestedSort,
  type KeysetList,
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

describe('keysetOrder: one sort resolution for every list', () => {
  const list: KeysetList<'createdAt' | 'name' | 'price'> = {
    id: 'i.id',
    sorts: {
      createdAt: { expression: 'i.created_at', type: 'timestamptz' },
      name: { expression: 'lower(i.name)', type: 'text' },
      price: { expression: 'i.price', type: 'int' },
    },
    defaultSort: 'createdAt',
    defaultOrder: { name: 'asc' },
    plainCursor: { sort: 'createdAt', column: 'i.created_at', orders: 'newest-first' },
  };
  const AT = '2026-11-23 05:00:00.123456+00';

  it('no sort is newest first with the plain [at, id] cursor', () => {
    const page = keysetOrder(list, {});
    expect(page).toMatchObject({ sort: 'createdAt', order: 'desc', column: null, after: null });
    expect(page.orderBy).toBe('i.created_at desc, i.id desc');
    expect(page.keyColumns).toBe('i.created_at::text as cursor_at, null as sort_value');
    const next = page.next([{ cursor_at: AT, sort_value: null, id: ID }], 1)!;
    expect(next).toBe(encodeCursor({ at: AT, id: ID }));
    expect(keysetOrder(list, { cursor: next }).after).toEqual(afterCursorSql(next, 'i.created_at', 'i.id'));
    expect(page.next([{ cursor_at: AT, id: ID }], 2)).toBeNull();
  });

  it('another sort, or the creation time oldest first, has a cursor that says its sort and way', () => {
    const name = keysetOrder(list, { sort: 'name' });
    expect(name.order).toBe('asc'); // the list's default way for the sort
    expect(name.orderBy).toBe('lower(i.name) asc, i.id asc');
    expect(name.keyColumns).toBe('i.created_at::text as cursor_at, (lower(i.name))::text as sort_value');
    const next = name.next([{ cursor_at: AT, sort_value: 'mango', id: ID }], 1)!;
    expect(next).toBe(encodeSortedCursor({ sort: 'name', order: 'asc', value: 'mango', id: ID }));
    expect(keysetOrder(list, { sort: 'name', cursor: next }).after).toEqual({
      sql: '(lower(i.name), i.id) > (?::text, ?::uuid)',
      params: ['mango', ID],
    });
    const oldest = keysetOrder(list, { order: 'asc' });
    expect(oldest.column).toEqual({
      sort: 'createdAt',
      order: 'asc',
      expression: 'i.created_at',
      type: 'timestamptz',
    });
    expect(oldest.orderBy).toBe('i.created_at asc, i.id asc');
    // A cursor handed out under one order is a 400 under another, both ways.
    expect(() => keysetOrder(list, { sort: 'price', cursor: next })).toThrow(/another sort order/);
    expect(() => keysetOrder(list, { cursor: next })).toThrow(/another sort order/);
    expect(() => keysetOrder(list, { sort: 'name', cursor: encodeCursor({ at: AT, id: ID }) })).toThrow(
      /another sort order/,
    );
  });

  it('a list that kept its plain cursor both ways reads the creation time oldest first with it too', () => {
    const eitherWay: KeysetList<'createdAt' | 'name'> = {
      id: 'i.id',
      sorts: { createdAt: list.sorts.createdAt, name: list.sorts.name },
      defaultSort: 'createdAt',
      plainCursor: { sort: 'createdAt', column: 'i.created_at', orders: 'either-way' },
    };
    const cursor = encodeCursor({ at: AT, id: ID });
    const oldest = keysetOrder(eitherWay, { sort: 'createdAt', order: 'asc', cursor });
    expect(oldest.column).toBeNull();
    expect(oldest.after).toEqual(afterCursorSql(cursor, 'i.created_at', 'i.id', 'asc'));
    expect(oldest.orderBy).toBe('i.created_at asc, i.id asc');
  });

  it('a list without a plain cursor (a fixed sort) says its sort in every cursor', () => {
    const typeAhead: KeysetList<'name'> = {
      id: 'c.id',
      sorts: { name: { expression: 'lower(c.name)', type: 'text' } },
      defaultSort: 'name',
      defaultOrder: { name: 'asc' },
    };
    const page = keysetOrder(typeAhead, {});
    expect(page.keyColumns).toBe('null as cursor_at, (lower(c.name))::text as sort_value');
    expect(page.orderBy).toBe('lower(c.name) asc, c.id asc');
    expect(page.next([{ sort_value: 'ann', id: ID }], 1)).toBe(
      encodeSortedCursor({ sort: 'name', order: 'asc', value: 'ann', id: ID }),
    );
  });
});

describe('requestedSort: what a list request asks for', () => {
  const DEFAULTS = { name: 'asc', usage: 'desc' } as const;
  it('a sort takes its own default order unless one is given', () => {
    expect(requestedSort('name', undefined, DEFAULTS)).toEqual({ sort: 'name', order: 'asc' });
    expect(requestedSort('usage', undefined, DEFAULTS)).toEqual({ sort: 'usage', order: 'desc' });
    expect(requestedSort('usage', 'asc', DEFAULTS)).toEqual({ sort: 'usage', order: 'asc' });
  });
  it('an order alone is creation time in that order; neither is the list’s default', () => {
    expect(requestedSort(undefined, 'asc', DEFAULTS)).toEqual({ sort: 'createdAt', order: 'asc' });
    expect(requestedSort(undefined, undefined, DEFAULTS)).toBeUndefined();
  });
});
