import { z } from 'zod';
import { uuidParam } from './common';
import { tillHolderSchema } from './member-vouchers';
import { TILL_REFUSALS } from './till';
import { numberInput } from './validation';
import { idempotencyKeyField } from './vouchers';

/**
 * "Needs attention" (issue 43, decision 366): a till's redemption kept offline (sent with `scannedAt`)
 * and refused when it reached the server, recorded once for the administrator and that partner's
 * till. `not_found`: the code was deleted before the till came back online.
 */
export const TILL_CONFLICT_REFUSALS = [...TILL_REFUSALS, 'not_found'] as const;
export type TillConflictRefusal = (typeof TILL_CONFLICT_REFUSALS)[number];
/** Which conflicts a list shows: not yet handled (the default), handled, or all. */
export const TILL_CONFLICT_STATUSES = ['open', 'handled', 'all'] as const;
export type TillConflictStatus = (typeof TILL_CONFLICT_STATUSES)[number];
export const TILL_CONFLICT_STATUS_MESSAGE = 'status must be one of open, handled, all';

export const tillConflictSchema = z.object({
  id: z.string().uuid(),
  qrCodeId: z.string().uuid(),
  /** The code as the till names it (custom title, or partner name · service); null: deleted since. */
  title: z.string().nullable(),
  /** The till's partner; null: the administrator's till. */
  partnerId: z.string().uuid().nullable(),
  partnerName: z.string().nullable(),
  /** Who scanned it at the till. */
  staffName: z.string(),
  /** When the till scanned it (offline), and when the server refused it. */
  scannedAt: z.string(),
  createdAt: z.string(),
  /** The sale the till sent (cents), if any. */
  transactionAmount: z.number().int().nullable(),
  refusal: z.enum(TILL_CONFLICT_REFUSALS),
  /** The refusal in English, and its message code and values (message-codes.ts) for the reader's language. */
  reason: z.string(),
  reasonCode: z.string().optional(),
  reasonParams: z.record(z.string(), z.string()).optional(),
  /** The code's holder when it had one (the members service's id), and the till's view of the name. */
  memberId: z.string().uuid().nullable(),
  holder: tillHolderSchema.optional(),
  /** When and by whom it was marked handled; null: still needs attention. */
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type TillConflict = z.infer<typeof tillConflictSchema>;

/**
 * GET /api/till/conflicts: newest first, by keyset. The administrator sees every till's (`partnerId`:
 * one partner's); a partner's staff only their own partner's (another `partnerId` is 403).
 */
export const TILL_CONFLICTS_DEFAULT_LIMIT = 20;
export const tillConflictsRequestSchema = z.object({
  partnerId: uuidParam.optional(),
  status: z.enum(TILL_CONFLICT_STATUSES, { error: TILL_CONFLICT_STATUS_MESSAGE }).optional(),
  cursor: z.string().max(400, 'cursor must be at most 400 characters').optional(),
  limit: numberInput('limit')
    .pipe(
      z
        .number()
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(100, 'limit must be at most 100'),
    )
    .optional(),
});
export type TillConflictsRequest = z.infer<typeof tillConflictsRequestSchema>;
export const tillConflictsPageSchema = z.object({
  items: z.array(tillConflictSchema),
  /** Pass as `?cursor=` (with the same filters) for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TillConflictsPage = z.infer<typeof tillConflictsPageSchema>;

/** POST /api/till/conflicts/{id}/handle with the optional Idempotency-Key: marks it handled (once). */
export const handleTillConflictRpcSchema = z.object({ id: uuidParam, idempotencyKey: idempotencyKeyField });
