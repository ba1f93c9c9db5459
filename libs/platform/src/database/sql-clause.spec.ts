import { describe, expect, it } from 'vitest';
import { afterCursorSql, encodeCursor, upToCursorSql } from './keyset';
import { allOf, likeEscape, pgArray } from './sql-clause';

describe('allOf', () => {
  it('reads `true` when nothing filters (nulls and `true` are skipped)', () => {
    expect(allOf()).toEqual({ sql: 'true', params: [] });
    expect(allOf(null, { sql: 'true', params: [] }, null)).toEqual({ sql: 'true', params: [] });
    expect(allOf({ sql: 'true', params: [] }, allOf(null))).toEqual({ sql: 'true', params: [] });
  });

  it('joins the rest with `and`, parameters in order', () => {
    expect(
      allOf({ sql: 'a = ?', params: [1] }, { sql: 'true', params: [] }, { sql: 'b = ?', params: [2] }),
    ).toEqual({ sql: '(a = ?) and (b = ?)', params: [1, 2] });
  });
});

describe('keyset ranges', () => {
  const cursor = encodeCursor({
    at: '2026-11-23 05:00:00.000001+00',
    id: '3f2b1c7e-1234-4abc-9def-0123456789ab',
  });

  it('starts after a cursor and ends at one, in either order', () => {
    expect(afterCursorSql(cursor, 'q.created_at', 'q.id', 'asc')?.sql).toBe(
      '(q.created_at, q.id) > (?::timestamptz, ?::uuid)',
    );
    expect(upToCursorSql(cursor, 'q.created_at', 'q.id', 'asc')?.sql).toBe(
      '(q.created_at, q.id) <= (?::timestamptz, ?::uuid)',
    );
    expect(upToCursorSql(cursor, 'q.created_at', 'q.id', 'desc')).toEqual({
      sql: '(q.created_at, q.id) >= (?::timestamptz, ?::uuid)',
      params: ['2026-11-23 05:00:00.000001+00', '3f2b1c7e-1234-4abc-9def-0123456789ab'],
    });
    expect(upToCursorSql(undefined, 'q.created_at', 'q.id')).toBeNull();
  });

  it('refuses a cursor that is not one', () => {
    expect(() => upToCursorSql('bm90IGEgY3Vyc29y', 'a', 'b')).toThrow(/cursor is not valid/);
  });
});

describe('likeEscape', () => {
  it('makes %, _ and \\ literal', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('pgArray', () => {
  it('is one array literal for one parameter', () => {
    expect(pgArray(['3f2b1c7e-1234-4abc-9def-0123456789ab', 'a'])).toBe(
      '{3f2b1c7e-1234-4abc-9def-0123456789ab,a}',
    );
    expect(pgArray([1, -1])).toBe('{1,-1}');
    expect(pgArray([])).toBe('{}');
  });
});
