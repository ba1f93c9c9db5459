import { dollarsToCents, MERCH_CATEGORIES, MERCH_COLORS, MERCH_SIZES } from '@avpass/domain';
import { z } from 'zod';
import { optionalText, uploadUrl } from '../common';
import { numberInput } from '../validation';
import { listQuerySchema, SORT_ORDERS, type SortOrder } from '../vouchers';
import { safeText } from '../text';

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

export const sizeSchema = z.enum(MERCH_SIZES, `Size must be one of ${MERCH_SIZES.join(', ')}`);
export const colorSchema = z.enum(MERCH_COLORS, `Color must be one of ${MERCH_COLORS.join(', ')}`);

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
export const wholeNumber = (label: string, invalid: string, min: number, required = `${label} is required`) =>
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

export const sortField = <S extends readonly [string, ...string[]]>(sorts: S) =>
  z.enum(sorts, `sort must be one of ${sorts.join(', ')}`).optional();
export const orderField = z.enum(SORT_ORDERS, 'order must be asc or desc').optional();

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
