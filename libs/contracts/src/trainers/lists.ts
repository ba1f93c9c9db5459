import { z } from 'zod';
import { listQuerySchema, pageSchema, SORT_ORDERS, type ListQuery, type SortOrder } from '../vouchers';
import { trainerCodeSchema } from './codes';
import { TRAINER_SORTS, type TrainerSort } from '../words';

export { TRAINER_SORT_DEFAULT_ORDER, TRAINER_SORTS, type TrainerSort } from '../words';

/**
 * The trainer codes table's sorts (issue 27): `createdAt` (the default, newest first), `name` (the
 * trainer's name, A–Z first), `expiresAt` (soonest first; never-expiring last), `usageCount` (most
 * redeemed first). Keyset-paged; name and expiry along vouchers migration 20261210's indexes.
 */
/** What the trainer table's status chip says (spec section 2): Expired, or Active for every other code. */
export const TRAINER_STATUSES = ['active', 'expired'] as const;
export type TrainerStatusFilter = (typeof TRAINER_STATUSES)[number];

/**
 * GET /api/qr-codes/trainers and /api/partner-assigned-qr-codes: newest first, paged by keyset; the
 * table's `sort`, `order`, `status` (as the chip shows it) and `partnerId` (made for or assigned to
 * that partner; a company may name only itself). All optional: the old query is unchanged.
 */
export const trainerListQuerySchema = listQuerySchema.extend({
  sort: z.enum(TRAINER_SORTS, `sort must be one of ${TRAINER_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z.enum(TRAINER_STATUSES, `status must be one of ${TRAINER_STATUSES.join(', ')}`).optional(),
  partnerId: z.string().uuid('partnerId must be a partner id').optional(),
});
export interface TrainerListQuery extends ListQuery {
  sort?: TrainerSort;
  order?: SortOrder;
  status?: TrainerStatusFilter;
  partnerId?: string;
}
export const trainerPageSchema = pageSchema(trainerCodeSchema);
