import { z } from 'zod';
import { optionalText, uuidParam } from '../common';
import { numberInput } from '../validation';
import { idempotencyKeyField as idempotencyKey, pageSchema, type SortOrder } from '../vouchers';
import { wholeNumber, sortField, orderField, merchItemListQuerySchema } from './items';
import { pagingFields } from './transactions';

export const allocationSchema = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  merchInventoryId: z.string().uuid(),
  merchItemId: z.string().uuid(),
  quantity: z.number().int(),
  usedQuantity: z.number().int(),
  /** Partner price in cents, or null (the item's price applies). */
  price: z.number().int().nullable(),
  notes: z.string().nullable(),
  allocatedAt: z.string(),
  allocatedBy: z.string().nullable(),
  updatedAt: z.string(),
  isActive: z.boolean(),
  size: z.string(),
  color: z.string().nullable(),
  item: z.object({
    name: z.string(),
    sku: z.string(),
    category: z.string(),
    imageUrl: z.string().nullable(),
    price: z.number().int(),
  }),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** POST /api/partner-allocations. */
export const createAllocationRequestSchema = z.object({
  partnerId: z.string({ error: 'Partner is required' }).pipe(uuidParam),
  merchInventoryId: z.string({ error: 'Inventory item is required' }).pipe(uuidParam),
  merchItemId: uuidParam.optional(),
  quantity: wholeNumber('Quantity', 'Quantity must be a whole number greater than 0', 1),
  /** Optional partner price, in cents. */
  price: numberInput('Price', { kind: 'a whole number of cents' })
    .pipe(
      z
        .number()
        .int('Price must be a whole number of cents')
        .min(0, 'Price cannot be negative')
        .max(100_000_000, 'Price must be at most $1,000,000'),
    )
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText(500),
  idempotencyKey,
});

/** PUT /api/partner-allocations/{id}: the partner reports how many it has used or sold. */
export const updateUsageRequestSchema = z.object({
  id: uuidParam,
  usedQuantity: wholeNumber('Used quantity', 'Must be a valid number', 0, 'Quantity is required'),
  notes: optionalText(500),
  idempotencyKey,
});

/**
 * The allocations tables' sorts (issue 27): `allocatedAt` (the default, newest first) and `quantity`
 * (most first), each along an index of active (or removed) allocations (inventory migration 20261211).
 * The partner and item names live in other services and tables, and `used` changes with every usage
 * report, so neither is a sort.
 */
export const ALLOCATION_SORTS = ['allocatedAt', 'quantity'] as const;
export type AllocationSort = (typeof ALLOCATION_SORTS)[number];
export const ALLOCATION_SORT_DEFAULT_ORDER: Readonly<Record<AllocationSort, SortOrder>> = {
  allocatedAt: 'desc',
  quantity: 'desc',
};
/** `active` (the default: what the screens list) or `removed` (deactivated allocations, kept for history). */
export const ALLOCATION_STATUSES = ['active', 'removed'] as const;
export type AllocationStatus = (typeof ALLOCATION_STATUSES)[number];

/**
 * GET /api/partner-allocations: paging, the partner screen's search (name, SKU, category or notes), and
 * (issue 27) `sort`, `order`, `status` (active | removed) and `partnerId` (the administrator's filter; a
 * company may name only itself, else 403).
 */
export const allocationListQuerySchema = z.object({
  ...pagingFields,
  search: merchItemListQuerySchema.shape.search,
  sort: sortField(ALLOCATION_SORTS),
  order: orderField,
  status: z.enum(ALLOCATION_STATUSES, `status must be one of ${ALLOCATION_STATUSES.join(', ')}`).optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface AllocationListQuery {
  limit?: number;
  offset?: number;
  cursor?: string;
  search?: string;
  sort?: AllocationSort;
  order?: SortOrder;
  status?: AllocationStatus;
  partnerId?: string;
}

export const allocationSummarySchema = z.object({
  activeAllocations: z.number().int(),
  totalAllocated: z.number().int(),
  totalUsed: z.number().int(),
  /** Sum of (allocation price or item price) x quantity, in cents. */
  totalValue: z.number().int(),
});

export const allocationPageSchema = pageSchema(allocationSchema).extend({ summary: allocationSummarySchema });
export type AllocationPage = z.infer<typeof allocationPageSchema>;

/** GET /api/inventory/summary: the admin cards and the dashboard's low-stock notice. */
export const inventorySummarySchema = z.object({
  totalItems: z.number().int(),
  totalInventory: z.number().int(),
  activeAllocations: z.number().int(),
  lowStockItems: z.number().int(),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;
