import {
  dollarsToCents,
  MERCH_CATEGORIES,
  MERCH_COLORS,
  MERCH_SIZES,
  type MerchCategory,
  type MerchColor,
  type MerchSize,
} from '@avpass/domain';
import { z } from 'zod';
import { optionalText, uploadUrl, uuidParam } from './common';
import { numberInput } from './validation';
import {
  idempotencyKeyField as idempotencyKey,
  listQuerySchema,
  pageSchema,
  SORT_ORDERS,
  type SortOrder,
} from './vouchers';
import { safeText } from './text';

/**
 * Merchandise inventory (spec sections 3, 5 and 7). Quantities of a line always satisfy
 * total = available + allocated + sold
 * (docs/decisions/0061-a-stock-lines-quantities-total-available-allocated-sold.md); prices are integer cents.
 */

export const INVENTORY_TRANSACTION_TYPES = ['restock', 'sale', 'return', 'allocation', 'adjustment'] as const;
export type InventoryTransactionType = (typeof INVENTORY_TRANSACTION_TYPES)[number];

export const USED_OVER_ALLOCATED = 'Used quantity cannot exceed allocated quantity';

const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .pipe(safeText())
    .transform((v) => v.trim())
    .pipe(z.string().min(1, message).max(max, `Must be at most ${max} characters`));

/** A list field from a form: comma-joined text or an array; trimmed, blanks and repeats dropped. */
const listField = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      const parts = v === undefined ? [] : Array.isArray(v) ? v : v.split(',');
      return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
    })
    .pipe(z.array(item).max(50, 'At most 50 entries'));

const sizeSchema = z.enum(MERCH_SIZES, `Size must be one of ${MERCH_SIZES.join(', ')}`);
const colorSchema = z.enum(MERCH_COLORS, `Color must be one of ${MERCH_COLORS.join(', ')}`);

/** Dollars as the form sends them ("24.99"), stored as whole cents. */
const priceInDollars = numberInput('Price', { kind: 'a valid amount in dollars' }).transform((v, ctx) => {
  const text = String(v);
  let cents: number;
  try {
    cents = dollarsToCents(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Price must be a valid amount in dollars' });
    return z.NEVER;
  }
  if (cents < 0) {
    ctx.addIssue({ code: 'custom', message: 'Price cannot be negative' });
    return z.NEVER;
  }
  if (cents > 100_000_000) {
    ctx.addIssue({ code: 'custom', message: 'Price must be at most $1,000,000' });
    return z.NEVER;
  }
  return cents;
});

const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'], 'Must be true or false')])
  .transform((v) => v === true || v === 'true');

/** A whole number from JSON or a form field (a number or numeric text); blank is missing. */
const wholeNumber = (label: string, invalid: string, min: number, required = `${label} is required`) =>
  numberInput(label, { required }).pipe(
    z.number().refine((n) => Number.isInteger(n) && n >= min && n <= 1_000_000, invalid),
  );

/**
 * The fields of a merch item as the inventory service receives them: the multipart form's text fields
 * (list fields comma-joined, price in dollars) plus the imageUrl the gateway stored, if any.
 */
export const merchItemFieldsSchema = z.object({
  name: requiredText('Name is required'),
  sku: requiredText('SKU is required', 64),
  description: optionalText(2000),
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .min(1, 'Category is required')
    .pipe(z.enum(MERCH_CATEGORIES, `Category must be one of ${MERCH_CATEGORIES.join(', ')}`)),
  brand: optionalText(200),
  price: priceInDollars,
  sizes: listField(sizeSchema).pipe(z.array(sizeSchema).min(1, 'Select at least one size')),
  colors: listField(colorSchema),
  tags: listField(safeText().max(50, 'A tag must be at most 50 characters')),
  isActive: formBoolean.optional(),
  imageUrl: z.union([z.literal(''), uploadUrl()]).optional(),
  additionalImages: listField(uploadUrl()),
});
export type MerchItemFields = z.output<typeof merchItemFieldsSchema>;

export const merchItemSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  sku: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  brand: z.string().nullable(),
  /** Integer cents. */
  price: z.number().int(),
  imageUrl: z.string().nullable(),
  additionalImages: z.array(z.string()),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type MerchItem = z.infer<typeof merchItemSchema>;

/**
 * The Merch Items table's sorts (issue 27): `createdAt` (the default, newest first), `name` (A–Z first,
 * case-insensitive) and `price` (cheapest first), each along an index (inventory migrations 20261124,
 * 20261211 table sorts) and keyset-paged. Sizes and stock are not sorts: they are lists and sums.
 */
export const MERCH_ITEM_SORTS = ['createdAt', 'name', 'price'] as const;
export type MerchItemSort = (typeof MERCH_ITEM_SORTS)[number];
export const MERCH_ITEM_SORT_DEFAULT_ORDER: Readonly<Record<MerchItemSort, SortOrder>> = {
  createdAt: 'desc',
  name: 'asc',
  price: 'asc',
};
/** The Status column's values: `active` or `inactive` (the item's isActive). */
export const MERCH_ITEM_STATUSES = ['active', 'inactive'] as const;
export type MerchItemStatus = (typeof MERCH_ITEM_STATUSES)[number];

const sortField = <S extends readonly [string, ...string[]]>(sorts: S) =>
  z.enum(sorts, `sort must be one of ${sorts.join(', ')}`).optional();
const orderField = z.enum(SORT_ORDERS, 'order must be asc or desc').optional();

/**
 * GET /api/merch-items: newest first, by keyset (`cursor`) or `offset`; search by name, SKU or brand;
 * category filter; plus (issue 27) `sort`, `order` and `status` (active | inactive). All optional.
 */
export const merchItemListQuerySchema = z.object({
  limit: listQuerySchema.shape.limit,
  offset: listQuerySchema.shape.offset,
  cursor: z.string().max(400, 'cursor is not valid; start again from the first page').optional(),
  search: safeText().trim().max(100, 'search must be at most 100 characters').optional(),
  category: z
    .union([z.literal('all'), z.literal(''), z.enum(MERCH_CATEGORIES, 'Unknown category')])
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
  sort: sortField(MERCH_ITEM_SORTS),
  order: orderField,
  status: z.enum(MERCH_ITEM_STATUSES, `status must be one of ${MERCH_ITEM_STATUSES.join(', ')}`).optional(),
});
/** What a client sends to GET /api/merch-items. */
export interface MerchItemListQuery {
  limit?: number;
  offset?: number;
  cursor?: string;
  search?: string;
  category?: string;
  sort?: MerchItemSort;
  order?: SortOrder;
  status?: MerchItemStatus;
}

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

const pagingFields = {
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

export type { MerchCategory, MerchColor, MerchSize };
