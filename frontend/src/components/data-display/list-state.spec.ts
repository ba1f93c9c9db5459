import { describe, expect, it } from 'vitest';
import { listStateOf } from './list-state';

const page = (items: unknown[]) => ({ items });

describe('listStateOf', () => {
  it('is loading until the first answer', () => {
    expect(listStateOf({ isPending: true, isError: false, data: undefined })).toBe('loading');
  });

  it('is an error only when there is nothing to show', () => {
    expect(listStateOf({ isPending: false, isError: true, data: undefined })).toBe('error');
    // A failed refetch keeps the rows it already has.
    expect(listStateOf({ isPending: false, isError: true, data: page([1]) })).toBeNull();
  });

  it('is empty for a page without rows, else null', () => {
    expect(listStateOf({ isPending: false, isError: false, data: page([]) })).toBe('empty');
    expect(listStateOf({ isPending: false, isError: false, data: page([1, 2]) })).toBeNull();
  });
});
