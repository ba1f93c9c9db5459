import {
  RPC,
  zipChunkJobDataSchema,
  zipJobDataSchema,
  type Actor,
  type ZipChunkJobData,
  type ZipJobData,
} from '@avpass/contracts';
import type { RpcClient } from '@avpass/platform';
import { UnrecoverableError } from 'bullmq';
import type { z } from 'zod';

/** Why a job whose payload is not a ZIP job's is failed (no retry: the payload will not change). */
export const ZIP_JOB_INVALID = "This ZIP job's data is not valid";
/** Why a job of a user who is unknown or deactivated now is failed. */
export const ZIP_OWNER_GONE = 'The owner of this ZIP job can no longer download QR codes';

function parsed<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || '(payload)'))];
    throw new UnrecoverableError(`${ZIP_JOB_INVALID} (${fields.slice(0, 5).join(', ')})`);
  }
  return result.data;
}

/**
 * A ZIP job's payload, checked against its contract. The job is the requester's, named by
 * ownerUserId; the actor written beside it must be the same user (it always is in a job the
 * rendering service queued) but its role and company are never used (see ZipJobOwners).
 */
export function zipJobData(data: unknown): ZipJobData {
  const job = parsed(zipJobDataSchema, data);
  if (job.actor.userId !== job.ownerUserId) throw new UnrecoverableError(`${ZIP_JOB_INVALID} (actor)`);
  return job;
}

export function zipChunkJobData(data: unknown): ZipChunkJobData {
  return parsed(zipChunkJobDataSchema, data);
}

/**
 * Who a ZIP job renders as. A job is data in Redis that anything able to add a job could have
 * written, so the worker never trusts the role, company or scope in it: it asks identity who the
 * owner is now and resolves the codes as that user. A forged `actor.role: "super_admin"` beside a
 * partner's ownerUserId renders (at most) that partner's own codes; an owner who was deactivated
 * since gets nothing.
 */
export class ZipJobOwners {
  constructor(private readonly rpc: RpcClient) {}

  /** The owner's actor as identity knows them now; UnrecoverableError when they are unknown or inactive. */
  async actorOf(ownerUserId: string, requestId: string): Promise<Actor> {
    const actor = await this.rpc.call(RPC.identity.userActor, { userId: ownerUserId }, { requestId });
    if (!actor) throw new UnrecoverableError(ZIP_OWNER_GONE);
    return actor;
  }
}
