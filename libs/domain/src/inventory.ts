// Merchandise inventory rules shared by the inventory service and the screens (spec sections 4 and 9).

export const MERCH_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
export const MERCH_COLORS = [
  'Black',
  'White',
  'Navy',
  'Gray',
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Orange',
  'Purple',
] as const;
export const MERCH_CATEGORIES = [
  'hoodies',
  'shirts',
  'pants',
  'shorts',
  'accessories',
  'shoes',
  'equipment',
] as const;
export type MerchSize = (typeof MERCH_SIZES)[number];
export type MerchColor = (typeof MERCH_COLORS)[number];
export type MerchCategory = (typeof MERCH_CATEGORIES)[number];

/** What a screen shows for a stored category ('hoodies' is "Hoodies"). */
export const MERCH_CATEGORY_LABELS: Readonly<Record<MerchCategory, string>> = {
  hoodies: 'Hoodies',
  shirts: 'Shirts',
  pants: 'Pants',
  shorts: 'Shorts',
  accessories: 'Accessories',
  shoes: 'Shoes',
  equipment: 'Equipment',
};

/** The label of a stored category; an unknown one (older data) as it is stored. */
export function merchCategoryLabel(category: string): string {
  return (MERCH_CATEGORY_LABELS as Readonly<Record<string, string>>)[category] ?? category;
}

/** The minimum stock level the Add Inventory form proposes (the data model's default is 0). */
export const DEFAULT_MIN_STOCK_LEVEL = 10;

export type StockStatus = 'in_stock' | 'low_stock' | 'out_of_stock';

/** Out of Stock at zero; Low Stock when available is at or below the minimum level. */
export function stockStatus(available: number, minStockLevel: number): StockStatus {
  if (available <= 0) return 'out_of_stock';
  if (available <= minStockLevel) return 'low_stock';
  return 'in_stock';
}

/** A line counts as low (summary card, dashboard notice, event) when available <= minimum. */
export function isLowStock(available: number, minStockLevel: number): boolean {
  return available <= minStockLevel;
}

export type UsageLevel = 'high' | 'medium' | 'normal';

/** Partner cards: red at 80 % used or more, yellow at 60 % or more, else green. */
export function usageLevel(used: number, allocated: number): UsageLevel {
  const percent = allocated > 0 ? (used / allocated) * 100 : 0;
  if (percent >= 80) return 'high';
  if (percent >= 60) return 'medium';
  return 'normal';
}

/** Rounded percent of used over allocated; 0 when nothing is allocated. */
export function utilizationPercent(used: number, allocated: number): number {
  return allocated > 0 ? Math.round((used / allocated) * 100) : 0;
}

/** Partner total value: the allocation's price, or else the item's price, times the quantity (cents). */
export function allocationValueCents(
  quantity: number,
  priceCents: number | null,
  itemPriceCents: number,
): number {
  return (priceCents ?? itemPriceCents) * quantity;
}
