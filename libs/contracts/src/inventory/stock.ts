import { MERCH_COLORS, MERCH_SIZES } from '@avpass/domain';
import { z } from 'zod';
import { optionalText, uuidParam } from '../common';
import { idempotencyKeyField as idempotencyKey, type SortOrder } from '../vouchers';
import { sizeSchema, colorSchema, wholeNumber, sortField, orderField } from './items';

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export const stockStatusSchema = z.enum(STOCK_STATUSES);
export type StockStatusValue = (typeof STOCK_STATUSES)[number];

/**
 * The Inventory tab's sorts (issue 27) over one item's lines (at most 7 sizes x 11 colours, read
 * through merch_inventory_line_key and ordered whole): `size` (the default, XS..XXXL then colour),
 * `available`, `total`, `allocated`, `sold` (most first).
 */
export const INVENTORY_LINE_SORTS = ['size', 'available', 'total', 'allocated', 'sold'] as const;
export type InventoryLineSort = (typeof INVENTORY_LINE_SORTS)[number];
export const INVENTORY_LINE_SORT_DEFAULT_ORDER: Readonly<Record<InventoryLineSort, SortOrder>> = {
  size: 'asc',
  available: 'desc',
  total: 'desc',
  allocated: 'desc',
  sold: 'desc',
};

/** GET /api/merch-items/{id}/inventory: `sort`, `order` and `status` (in_stock | low_stock | out_of_stock). */
export const itemLinesQuerySchema = z.object({
  id: uuidParam,
  sort: sortField(INVENTORY_LINE_SORTS),
  order: orderField,
  status: z.enum(STOCK_STATUSES, `status must be one of ${STOCK_STATUSES.join(', ')}`).optional(),
});

export const inventoryLineSchema = z.object({
  id: z.string().uuid(),
  merchItemId: z.string().uuid(),
  size: z.string(),
  color: z.string().nullable(),
  totalQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  allocatedQuantity: z.number().int(),
  soldQuantity: z.number().int(),
  minStockLevel: z.number().int(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  lastRestocked: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: stockStatusSchema,
});
export type InventoryLine = z.infer<typeof inventoryLineSchema>;

const quantityField = wholeNumber('Quantity', 'Quantity must be a whole number of 0 or more', 0);
const minStockField = wholeNumber(
  'Minimum stock level',
  'Minimum stock level must be a whole number of 0 or more',
  0,
);

/** POST /api/inventory: one line (size and optional colour) of an item. */
export const createInventoryRequestSchema = z.object({
  merchItemId: uuidParam,
  size: z.string({ error: 'Size is required' }).trim().min(1, 'Size is required').pipe(sizeSchema),
  color: z
    .union([z.literal(''), colorSchema])
    .nullish()
    .transform((v) => v || null),
  totalQuantity: quantityField,
  minStockLevel: minStockField.optional(),
  location: optionalText(200),
  notes: optionalText(500),
  idempotencyKey,
});

/** PUT /api/inventory/{id}: a restock adds `quantity` to total and available. */
export const restockRequestSchema = z.object({
  id: uuidParam,
  quantity: wholeNumber('Quantity', 'Quantity must be a whole number greater than 0', 1),
  notes: optionalText(500),
  idempotencyKey,
});

/** POST /api/inventory/bulk: the initial stock of a new item, one entry per chosen size. */
export const bulkInventoryRequestSchema = z.object({
  merchItemId: uuidParam,
  entries: z
    .array(
      z.object({
        size: z.string({ error: 'Size is required' }).trim().pipe(sizeSchema),
        totalQuantity: quantityField,
        minStockLevel: minStockField.optional(),
      }),
      { error: 'entries must be a list' },
    )
    .min(1, 'Add at least one size')
    .max(MERCH_SIZES.length * (MERCH_COLORS.length + 1), 'Too many entries'),
  idempotencyKey,
});
export const bulkInventoryResponseSchema = z.object({ success: z.boolean(), created: z.number().int() });
