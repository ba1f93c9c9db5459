export { INVENTORY_URLS, isInventoryQuery, withQuery } from './urls';
export { inventorySummaryQuery, useInventorySummary } from './get-summary';
export { allocationsQuery, useAllocations, useAllocationsTable } from './get-allocations';
export { transactionsQuery, useTransactions, useTransactionsTable } from './get-transactions';
export { useUpdateUsage } from './update-usage';
export { inventoryListUrl, useInventoryList, type InventoryListQuery } from './paged';
