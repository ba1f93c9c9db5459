import { describe, expect, it } from 'vitest';
import {
  allocationValueCents,
  MERCH_CATEGORIES,
  merchCategoryLabel,
  stockStatus,
  usageLevel,
  utilizationPercent,
} from './inventory';

describe('inventory rules', () => {
  it('a line is Out of Stock at zero and Low Stock at or below its minimum', () => {
    expect(stockStatus(0, 10)).toBe('out_of_stock');
    expect(stockStatus(10, 10)).toBe('low_stock');
    expect(stockStatus(11, 10)).toBe('in_stock');
    expect(stockStatus(0, 0)).toBe('out_of_stock');
  });

  it('usage colours: red from 80 %, yellow from 60 %, else green', () => {
    expect(usageLevel(8, 10)).toBe('high');
    expect(usageLevel(79, 100)).toBe('medium');
    expect(usageLevel(6, 10)).toBe('medium');
    expect(usageLevel(59, 100)).toBe('normal');
    expect(usageLevel(0, 0)).toBe('normal');
  });

  it('utilization is the rounded percent used, and value uses the partner price when set', () => {
    expect(utilizationPercent(10, 12)).toBe(83);
    expect(utilizationPercent(0, 0)).toBe(0);
    expect(allocationValueCents(5, null, 2999)).toBe(14995);
    expect(allocationValueCents(5, 1000, 2999)).toBe(5000);
  });

  it('shows a category by its label, never its stored value', () => {
    expect(merchCategoryLabel('hoodies')).toBe('Hoodies');
    for (const category of MERCH_CATEGORIES) {
      const label = merchCategoryLabel(category);
      expect(label).not.toBe(category);
      expect(label.toLowerCase()).toBe(category);
    }
    expect(merchCategoryLabel('kites')).toBe('kites');
  });
});
