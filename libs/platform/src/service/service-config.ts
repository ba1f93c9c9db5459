import { z } from 'zod';
import { baseEnvSchema } from '../config/env';

/** Settings every service reads; a service extends this schema with its own. */
export const serviceEnvSchema = baseEnvSchema.extend({
  /** The relay's and consumers' NATS connection; defaults to NATS_URL (tests route it through a proxy). */
  EVENTS_NATS_URL: z.string().url().optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
});
export type ServiceConfig = z.infer<typeof serviceEnvSchema>;
