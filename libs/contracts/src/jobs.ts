import { z } from 'zod';
import { actorSchema } from './roles';
import { CARD_SIZES, RENDER_FORMATS, RENDER_VARIANTS, SHEET_SIZES } from './rendering';

/**
 * BullMQ queues, job names, payloads and their retry options.
 *
 * FROZEN ONCE DEPLOYED. Jobs wait in Redis across deployments: renaming a queue or a job strands the
 * jobs already queued, and a changed payload is read by workers of the other version. Add a new name
 * (and keep the old worker until its queue is empty) instead of editing one.
 */

/** The ZIP queue, prefixed with NATS_NAMESPACE so deployments sharing one Redis never take each other's jobs. */
export const zipQueueName = (namespace: string) => `${namespace}-rendering-zip`;
export const ZIP_JOB_NAME = 'bulk-download-zip';
/** Attempts and backoff of a ZIP job: a job whose worker died or failed starts over, up to 3 times. */
export const ZIP_JOB_RETRY = { attempts: 3, backoff: { type: 'exponential', delay: 2000 } } as const;

/** Which codes a ZIP job prints: exactly one of these. */
export const zipSourceSchema = z.union([
  z.object({ ids: z.array(z.string().uuid()) }),
  z.object({ batchId: z.string().uuid() }),
  z.object({ all: z.literal(true) }),
]);
export type ZipSource = z.infer<typeof zipSourceSchema>;

/** A ZIP job's payload in Redis. The actor is the requester's; the worker resolves codes as them. */
export const zipJobDataSchema = z.object({
  ownerUserId: z.string(),
  actor: actorSchema,
  source: zipSourceSchema,
  format: z.enum(RENDER_FORMATS),
  variant: z.enum(RENDER_VARIANTS),
  /** The card's printed size; absent in jobs queued before sizes existed (A6). */
  size: z.enum(CARD_SIZES).optional(),
  /** When set, the ZIP holds one PDF of cards on sheets of this paper instead of a file per code. */
  sheet: z.enum(SHEET_SIZES).optional(),
  fileName: z.string(),
  /** Codes visible when the job was accepted (the ZIP may differ if codes change meanwhile). */
  total: z.number().int(),
  requestId: z.string(),
});
export type ZipJobData = z.infer<typeof zipJobDataSchema>;

/** What a ZIP job reports as its progress. */
export interface ZipProgress {
  done: number;
  total: number;
}
