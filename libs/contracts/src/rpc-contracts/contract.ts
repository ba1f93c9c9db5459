import { z } from 'zod';
import { uuidParam } from '../common';
import { serviceHealthSchema } from '../health';
import { idempotencyKeyField } from '../vouchers';

/**
 * `contract(name, request, response)`: `name` is the subject's friendly name in the `RPC` map
 * (`RPC.<service>.<name>`, derived in subjects.ts), unique within its service. The shapes below are
 * shared by several services' contracts.
 */
export const contract = <const Name extends string, Req extends z.ZodType, Res extends z.ZodType>(
  name: Name,
  request: Req,
  response: Res,
) => ({ name, request, response });

export const empty = z.object({});
export const byId = z.object({ id: uuidParam });
/** A removal that gives stock or money back: the path's id and the optional `Idempotency-Key`. */
export const byIdOnce = byId.extend({ idempotencyKey: idempotencyKeyField });
export const health = contract('health', empty, serviceHealthSchema);
export const token = z.object({ token: z.string().min(1).max(512) });
export const companyScope = z.object({ companyId: uuidParam });
export const partnerScope = z.object({ partnerId: uuidParam });

/** A PATCH changes only the fields sent: fields that were absent (undefined after parsing) are dropped. */
export const sentOnly = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
