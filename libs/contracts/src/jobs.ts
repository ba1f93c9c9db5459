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

/** How a chunked parent's codes were split: `count` chunks of at most `size` codes, in order. */
export const zipChunkingSchema = z.object({
  count: z.number().int().min(1),
  size: z.number().int().min(1),
});
export type ZipChunking = z.infer<typeof zipChunkingSchema>;

/** A ZIP job's payload in Redis. The actor is the requester's; the worker resolves codes as them. */
export const zipJobDataSchema = z.object({
  ownerUserId: z.string(),
  actor: actorSchema,
  source: zipSourceSchema,
  format: z.enum(RENDER_FORMATS),
  variant: z.enum(RENDER_VARIANTS),
  /** The card's printed size; absent in jobs queued before sizes existed (A6). */
  size: z.enum(CARD_SIZES).optional(),
  /** When set, the job makes one PDF of cards on sheets of this paper instead of a ZIP of a file per code. */
  sheet: z.enum(SHEET_SIZES).optional(),
  fileName: z.string(),
  /** Codes visible when the job was accepted (the ZIP may differ if codes change meanwhile). */
  total: z.number().int(),
  requestId: z.string(),
  /** Set when the ZIP is rendered in chunks by child jobs (see zipChunkQueueName); absent otherwise. */
  chunks: zipChunkingSchema.optional(),
});
export type ZipJobData = z.infer<typeof zipJobDataSchema>;

/** What a ZIP job reports as its progress. */
export interface ZipProgress {
  done: number;
  total: number;
}

/**
 * Chunked ZIP jobs (a BullMQ flow): every ZIP. A ZIP is queued as a parent job in the ZIP queue (same
 * ZIP_JOB_NAME, with `chunks` set in its payload) whose children, one per ZIP_CHUNK_SIZE codes (a
 * small ZIP, and a sheet PDF, is one chunk), wait in the chunk queue. Any number of worker processes
 * render the chunks in parallel, each into its own file; once every child has completed, BullMQ moves
 * the parent to the ZIP queue's wait list and one worker assembles the ZIP from the chunk files (bytes
 * copied, nothing rendered again). Added alongside the frozen names above: a worker of the previous
 * version that takes such a parent ignores `chunks` and builds the whole ZIP itself, which is still
 * correct; a parent without `chunks` (queued by a previous version) is given its one chunk by the worker.
 */
export const zipChunkQueueName = (namespace: string) => `${namespace}-rendering-zip-chunk`;
export const ZIP_CHUNK_JOB_NAME = 'bulk-download-zip-chunk';
/** A failed chunk is retried alone (the other chunks keep their files); its last failure fails the ZIP. */
export const ZIP_CHUNK_JOB_RETRY = { attempts: 3, backoff: { type: 'exponential', delay: 1000 } } as const;

/** A chunk job's payload: the codes at [offset, offset + count) of the parent's source, in its order. */
export const zipChunkJobDataSchema = z.object({
  parentId: z.string().uuid(),
  index: z.number().int().min(0),
  actor: actorSchema,
  /** For an ids source, only this chunk's ids; otherwise the parent's batchId or all. */
  source: zipSourceSchema,
  offset: z.number().int().min(0),
  count: z.number().int().min(1),
  /**
   * A batch or "all": the resolve cursor the chunk starts after (vouchers' chunk starts), so that it
   * seeks to its first code instead of skipping `offset` codes; absent for chunk 0 and for ids.
   */
  after: z.string().optional(),
  /** The resolve cursor of the chunk's last code (absent for the last chunk): a code deleted meanwhile
   * shortens its own chunk instead of pulling the next chunk's first code into this one. */
  until: z.string().optional(),
  format: z.enum(RENDER_FORMATS),
  variant: z.enum(RENDER_VARIANTS),
  size: z.enum(CARD_SIZES).optional(),
  requestId: z.string(),
});
export type ZipChunkJobData = z.infer<typeof zipChunkJobDataSchema>;

/**
 * What a ZIP job returns (its BullMQ return value): the codes in its ZIP, its bytes and where the file
 * is, relative to DATA_DIR (`jobs/<jobId>.zip`; absent in jobs finished by a previous version, whose
 * file is there too). Rendering checks it before answering it (a return value is data in Redis).
 */
export const zipJobResultSchema = z.object({
  entries: z.number().int().min(0),
  bytes: z.number().int().min(0),
  file: z.string().optional(),
});
export type ZipJobResult = z.infer<typeof zipJobResultSchema>;

/** What a chunk job returns (read by the parent with getChildrenValues). */
export interface ZipChunkResult {
  index: number;
  /** Codes rendered (one file each, or all in a sheet chunk's one PDF). */
  entries: number;
  bytes: number;
}

/**
 * Wallet updates (issue 29): when a voucher with a pass changes, one job per wallet tells it. The
 * payload names the pass and the change's sequence number only; the worker reads the registrations,
 * the pass's state and the voucher itself (a job is never trusted for anything else).
 */
export const walletQueueName = (namespace: string) => `${namespace}-wallet-updates`;
export const WALLET_JOB_NAMES = {
  /** Push every device registered for the pass through APNs (an empty payload: "fetch the pass"). */
  applePush: 'apple-push',
  /** PATCH the Google Wallet offer object with the voucher as it stands. */
  googlePatch: 'google-patch',
  /**
   * Issue 43: set a member's Google Wallet pass object's rotating barcode to the member's current pass
   * version and secret (after a revoke). For this job `qrCodeId` is the member's id and `seq` the
   * pass version the revoke moved to.
   */
  memberGooglePatch: 'member-google-patch',
  /** Delayed to the end of the voucher's last day: the pass turns expired. */
  expire: 'pass-expired',
} as const;
export const walletJobDataSchema = z.object({
  qrCodeId: z.string().uuid(),
  /** The pass's change sequence when queued: the worker waits (retries) until its own read sees it. */
  seq: z.number().int().nonnegative(),
});
export type WalletJobData = z.infer<typeof walletJobDataSchema>;
/** Defaults of a wallet job's retries (WALLET_JOB_ATTEMPTS, WALLET_JOB_BACKOFF_MS): about 17 minutes in all. */
export const WALLET_JOB_RETRY = { attempts: 10, backoff: { type: 'exponential', delay: 1000 } } as const;

/**
 * Outgoing mail (issue 39, then members' vouchers, issue 41): one job per recorded mail, queued after
 * the mail's row commits (libs/platform/src/mail). The payload is the row's id only: the worker reads
 * the recipient, subject, body and attachment references from the service's own `outgoing_mail` table.
 * The queue is the sending service's own (its name is in it): each service's worker reads its own table.
 */
export const mailQueueName = (namespace: string, service: string) => `${namespace}-${service}-mail`;
export const MAIL_JOB_NAME = 'send-mail';
export const mailJobDataSchema = z.object({ mailId: z.string().uuid() });
export type MailJobData = z.infer<typeof mailJobDataSchema>;
/** Defaults of a mail's retries (MAIL_JOB_ATTEMPTS, MAIL_JOB_BACKOFF_MS): about 8.5 minutes in all. */
export const MAIL_JOB_RETRY = { attempts: 8, backoff: { type: 'exponential', delay: 2000 } } as const;

/**
 * Outgoing SMS (issue 41): one job per recorded SMS, queued after its row commits (libs/platform/src/sms),
 * on the sending service's own queue. The payload is the row's id only (the worker reads the number and
 * text from the service's `outgoing_sms`). Its backoff is `retry-after`: doubling from the delay, and
 * never sooner than the provider's Retry-After (a 429 or 5xx).
 */
export const smsQueueName = (namespace: string, service: string) => `${namespace}-${service}-sms`;
export const SMS_JOB_NAME = 'send-sms';
export const smsJobDataSchema = z.object({ smsId: z.string().uuid() });
export type SmsJobData = z.infer<typeof smsJobDataSchema>;
/** Defaults of an SMS's retries (SMS_JOB_ATTEMPTS, SMS_JOB_BACKOFF_MS): about 8.5 minutes, plus any Retry-After. */
export const SMS_JOB_RETRY = { attempts: 8, backoff: { type: 'retry-after', delay: 2000 } } as const;

/**
 * Partner statements (issue 39): a repeatable job issues the month just ended, shortly after business
 * midnight on the 1st (STATEMENTS_ISSUE_CRON in BUSINESS_TIMEZONE). The job carries nothing: the worker
 * works the month out from the clock, and issuing is idempotent per partner and month, so a job run
 * twice (two instances, a retry) issues each statement once.
 */
export const statementsQueueName = (namespace: string) => `${namespace}-statements`;
export const STATEMENTS_ISSUE_JOB = 'issue-last-month';
export const STATEMENTS_ISSUE_SCHEDULER = 'monthly-issue';
/** An administrator's issue of one month ({period}: checked again by the worker, which trusts no job). */
export const STATEMENTS_ISSUE_PERIOD_JOB = 'issue-period';
export const STATEMENTS_ISSUE_RETRY = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 60_000 },
} as const;
