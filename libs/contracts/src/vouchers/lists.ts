import { VOUCHER_STATUSES } from '@avpass/domain';
import { z } from 'zod';
import { safeText } from '../text';
import { numberInput, pageLimit } from '../validation';
import { REDEMPTION_STATUSES } from '../redemption-modes';
import {
  BATCH_SORTS,
  CODE_SORTS,
  SORT_ORDERS,
  type BatchSort,
  type CodeSort,
  type SortOrder,
} from '../words';

export {
  BATCH_SORT_DEFAULT_ORDER,
  BATCH_SORTS,
  CODE_SORT_DEFAULT_ORDER,
  CODE_SORTS,
  SORT_ORDERS,
  type BatchSort,
  type CodeSort,
  type SortOrder,
} from '../words';

/**
 * Every list that can grow is paged: `?limit` (1-200, default 50), `?cursor` (the previous page's
 * `nextCursor`; `?offset` still works but costs what it skips), and `?search` (partner name, service
 * or id prefix, case-insensitive) where the screen has a search box.
 */
export const listQuerySchema = z.object({
  limit: pageLimit(200).default(50),
  offset: numberInput('offset')
    .pipe(
      z
        .number()
        .int('offset must be a whole number')
        .min(0, 'offset must not be negative')
        .max(1_000_000_000, 'offset is too large'),
    )
    .default(0),
  search: safeText().trim().max(100, 'search must be at most 100 characters').optional(),
  /** The previous page's `nextCursor`: the page after it, found by keyset (offset is then ignored). */
  cursor: z.string().max(400, 'cursor must be at most 400 characters').optional(),
});
/** What a client sends (query-string values arrive as text and are coerced). */
export interface ListQuery {
  limit?: number;
  offset?: number;
  search?: string;
  cursor?: string;
}

/**
 * The codes tables' sorts (issue 27): `createdAt` (the default, newest first), `name` (the partner /
 * facility name, A–Z first), `usageCount` (most used first), `expiresAt` (soonest first; never-expiring
 * last). Each is served by an index (vouchers migration 20261208) and keyset-paged.
 */

/**
 * GET /api/admin/qr-codes and /api/qr-codes/all: the list query plus `sort`, `order`, `status` (the
 * code's status, as the table shows it) and `partnerId` (made for or assigned to that partner). All
 * optional: without them the list is what it was (newest first, unfiltered).
 */
export const codeListQuerySchema = listQuerySchema.extend({
  sort: z.enum(CODE_SORTS, `sort must be one of ${CODE_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z.enum(VOUCHER_STATUSES, `status must be one of ${VOUCHER_STATUSES.join(', ')}`).optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface CodeListQuery extends ListQuery {
  sort?: CodeSort;
  order?: SortOrder;
  status?: (typeof VOUCHER_STATUSES)[number];
  partnerId?: string;
}

/**
 * GET /api/admin/redemptions and /api/redemptions: the list query plus `order` (of the redemption
 * time: `desc`, newest first, the default; `asc`), `status` (completed | cancelled) and the
 * administrator's `partnerId` (redemptions of the codes assigned to that partner). `sort` takes only
 * `redeemedAt`: a facility-name order would sort a join no index serves.
 */
export const redemptionListQuerySchema = listQuerySchema.extend({
  sort: z.enum(['redeemedAt'], 'sort must be redeemedAt').optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z.enum(REDEMPTION_STATUSES, `status must be one of ${REDEMPTION_STATUSES.join(', ')}`).optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface RedemptionListQuery extends ListQuery {
  sort?: 'redeemedAt';
  order?: SortOrder;
  status?: (typeof REDEMPTION_STATUSES)[number];
  partnerId?: string;
}

/**
 * The Batches tab's sorts (issue 27): `createdAt` (the default, newest first), `name` (A–Z first),
 * `count` (the most codes first), each along an index (vouchers migrations 20261124, 20261210 batch sorts).
 * Redeemed comes from the tallies and is not a sort. Batches have no status and no partner.
 */

/** GET /api/admin/batches: the list query plus `sort` and `order`; without them, newest first as before. */
export const batchListQuerySchema = listQuerySchema.extend({
  sort: z.enum(BATCH_SORTS, `sort must be one of ${BATCH_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
});
export interface BatchListQuery extends ListQuery {
  sort?: BatchSort;
  order?: SortOrder;
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    nextCursor: z.string().nullable().optional(),
    /** True when `total` is a floor (a filtered count stopped at its bound): "more than total". */
    totalIsLowerBound: z.boolean().optional(),
  });
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** Pass as `?cursor=` for the next page; null on the last page. Lists paged by keyset have it. */
  nextCursor?: string | null;
  totalIsLowerBound?: boolean;
}
