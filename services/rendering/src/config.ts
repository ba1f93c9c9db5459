import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import { resolve } from 'node:path';
import { z } from 'zod';

const positiveInt = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const renderingEnvSchema = serviceEnvSchema.extend({
  /** Shared with the gateway: logos are read from DATA_DIR/uploads, ZIPs written to DATA_DIR/jobs. */
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((dir) => resolve(dir)),
  /**
   * `all` answers render calls and runs ZIP workers; `api` only answers calls (enqueues jobs);
   * `worker` only runs ZIP workers (scale them apart from the API).
   */
  RENDERING_MODE: z.enum(['all', 'api', 'worker']).default('all'),
  /** ZIP jobs one worker process runs at once. */
  ZIP_WORKER_CONCURRENCY: positiveInt(1, 16, 1),
  /**
   * Every ZIP is rendered in chunks of this many codes by child jobs that any worker process takes
   * (BullMQ flow); a smaller ZIP, and a sheet PDF, is one chunk.
   */
  ZIP_CHUNK_SIZE: positiveInt(10, 100_000, 1000),
  /** Chunks one worker process renders at once (rendering is CPU-bound: 1 per process, add processes). */
  ZIP_CHUNK_WORKER_CONCURRENCY: positiveInt(1, 16, 1),
  /**
   * CPU threads one process renders with (libvips threads and PNG encodes in flight). 1 keeps a
   * process on about one core, so rendering scales with worker processes (render-slots.ts).
   */
  RENDER_THREADS: positiveInt(1, 32, 1),
  /** Files rendered in parallel inside one ZIP job or chunk (overlaps fetching with rendering). */
  RENDER_CONCURRENCY: positiveInt(1, 32, 4),
  /** Finished ZIP files are deleted this many hours after the job finished. */
  JOB_FILE_TTL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /** How often the purge runs. */
  JOB_PURGE_INTERVAL_MS: positiveInt(1000, 24 * 3600 * 1000, 10 * 60 * 1000),
  /**
   * A worker holds a job's lock this long without renewing it; a worker that died is noticed within
   * about this time and its job (or chunk) is run again. Long enough that a busy, CPU-starved worker
   * still renews its locks (renewed every half of it).
   */
  ZIP_LOCK_DURATION_MS: positiveInt(2000, 10 * 60 * 1000, 30_000),
  ZIP_STALLED_INTERVAL_MS: positiveInt(1000, 10 * 60 * 1000, 15_000),
});
export type RenderingConfig = z.infer<typeof renderingEnvSchema>;

export function loadRenderingConfig(env: NodeJS.ProcessEnv = process.env): RenderingConfig {
  return requireProductionSecrets(loadConfig(renderingEnvSchema, env));
}

export const RENDERING_CONFIG = Symbol('RENDERING_CONFIG');
