/**
 * Merchandise inventory (spec sections 3, 5 and 7). Quantities of a line always satisfy
 * total = available + allocated + sold
 * (docs/decisions/0061-a-stock-lines-quantities-total-available-allocated-sold.md); prices are integer cents.
 */

// One file per aggregate under inventory/, re-exported here by name (importers keep importing this
// file; the folder's shared helpers stay out of the package's exports).
export {
  INVENTORY_TRANSACTION_TYPES,
  USED_OVER_ALLOCATED,
  merchItemFieldsSchema,
  merchItemSchema,
  MERCH_ITEM_SORTS,
  MERCH_ITEM_SORT_DEFAULT_ORDER,
  MERCH_ITEM_STATUSES,
  merchItemListQuerySchema,
  type InventoryTransactionType,
  type MerchItemFields,
  type MerchItem,
  type MerchItemSort,
  type MerchItemStatus,
  type MerchItemListQuery,
} from './inventory/items';
export {
  STOCK_STATUSES,
  stockStatusSchema,
  INVENTORY_LINE_SORTS,
  INVENTORY_LINE_SORT_DEFAULT_ORDER,
  itemLinesQuerySchema,
  inventoryLineSchema,
  createInventoryRequestSchema,
  restockRequestSchema,
  bulkInventoryRequestSchema,
  bulkInventoryResponseSchema,
  type StockStatusValue,
  type InventoryLineSort,
  type InventoryLine,
} from './inventory/stock';
export {
  inventoryTransactionSchema,
  INVENTORY_TRANSACTION_SORTS,
  inventoryTransactionListQuerySchema,
  type InventoryTransaction,
  type InventoryTransactionListQuery,
} from './inventory/transactions';
export {
  allocationSchema,
  createAllocationRequestSchema,
  updateUsageRequestSchema,
  ALLOCATION_SORTS,
  ALLOCATION_SORT_DEFAULT_ORDER,
  ALLOCATION_STATUSES,
  allocationListQuerySchema,
  allocationSummarySchema,
  allocationPageSchema,
  inventorySummarySchema,
  type Allocation,
  type AllocationSort,
  type AllocationStatus,
  type AllocationListQuery,
  type AllocationPage,
  type InventorySummary,
} from './inventory/allocations';
export type { MerchCategory, MerchColor, MerchSize } from '@avpass/domain';
