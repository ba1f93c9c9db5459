export { INVENTORY_URLS, isInventoryQuery, withQuery } from './urls';
export { inventorySummaryQuery, useInventorySummary } from './get-summary';
export { allocationsQuery, useAllocations } from './get-allocations';
export { transactionsQuery, useTransactions } from './get-transactions';
export { useUpdateUsage } from './update-usage';
