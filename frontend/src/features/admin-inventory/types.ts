/** The admin inventory screen's tabs, in order. */
export const INVENTORY_TABS = ['items', 'inventory', 'allocations', 'transactions'] as const;
export type InventoryTabId = (typeof INVENTORY_TABS)[number];

/** What the tabs share: the chosen item (Inventory, Allocations) and line (Transactions). */
export interface InventorySelection {
  itemId: string | null;
  lineId: string | null;
  select(next: { tab?: InventoryTabId; itemId?: string | null; lineId?: string | null }): void;
}
