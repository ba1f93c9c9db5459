import { z } from 'zod';
import { uuidParam } from '../common';
import type { SortOrder } from '../vouchers';
import {
  INVENTORY_TRANSACTION_TYPES,
  type InventoryTransactionType,
  orderField,
  merchItemListQuerySchema,
} from './items';

export const inventoryTransactionSchema = z.object({
  id: z.string().uuid(),
  merchInventoryId: z.string().uuid(),
  merchItemId: z.string().uuid(),
  partnerId: z.string().uuid().nullable(),
  transactionType: z.enum(INVENTORY_TRANSACTION_TYPES),
  /** Signed: what the change did to the line (or, for usage, to the partner's remaining stock). */
  quantity: z.number().int(),
  /** Available quantity before and after. */
  previousQuantity: z.number().int(),
  newQuantity: z.number().int(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** The creator's role, so a screen can say who without a user lookup; null means System. */
  createdByRole: z.string().nullable(),
  merchItem: z.object({ name: z.string(), sku: z.string() }),
  size: z.string(),
  color: z.string().nullable(),
});
export type InventoryTransaction = z.infer<typeof inventoryTransactionSchema>;

export const pagingFields = {
  limit: merchItemListQuerySchema.shape.limit,
  offset: merchItemListQuerySchema.shape.offset,
  cursor: merchItemListQuerySchema.shape.cursor,
};

/** The ledger's one sort: the date (`desc`, newest first, the default; `asc` by a cursor that says so). */
export const INVENTORY_TRANSACTION_SORTS = ['createdAt'] as const;

/**
 * GET /api/inventory-transactions: the administrator by line (`inventoryId`), by item (`itemId`) or
 * all; a partner its own rows. Plus (issue 27) `sort` (createdAt), `order` and `type` (the Type
 * column: restock, sale, return, allocation, adjustment). A filtered total counts at most 10,001 rows.
 */
export const inventoryTransactionListQuerySchema = z.object({
  ...pagingFields,
  inventoryId: z.union([z.literal(''), uuidParam]).optional(),
  itemId: z.union([z.literal(''), z.string().uuid('itemId must be an item id')]).optional(),
  sort: z.enum(INVENTORY_TRANSACTION_SORTS, 'sort must be createdAt').optional(),
  order: orderField,
  type: z
    .enum(INVENTORY_TRANSACTION_TYPES, `type must be one of ${INVENTORY_TRANSACTION_TYPES.join(', ')}`)
    .optional(),
});
export interface InventoryTransactionListQuery {
  limit?: number;
  offset?: number;
  cursor?: string;
  inventoryId?: string;
  itemId?: string;
  sort?: 'createdAt';
  order?: SortOrder;
  type?: InventoryTransactionType;
}
