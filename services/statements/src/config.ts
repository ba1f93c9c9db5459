import { loadConfig, mailEnvShape, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import { z } from 'zod';

/**
 * BUSINESS_TIMEZONE (every service's) decides where a statement's month begins and ends; the mail
 * settings (SMTP_URL, MAIL_FROM, …) how issued statements reach the partners' staff.
 */
export const statementsEnvSchema = serviceEnvSchema.extend({
  ...mailEnvShape,
  /** The site's public origin, for the link in a statement's e-mail (default: the local web app). */
  PUBLIC_URL: z
    .string()
    .url('must be a URL like https://avpass.example')
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
  /**
   * `all` answers calls, issues and sends the mail (PDFs rendered in this process); `api` answers calls,
   * consumes the ledger's events, issues (freezes rows, records and queues mail) and sends nothing;
   * `worker` only sends the queued mail, rendering each statement's PDF (MAIL_CONCURRENCY at once), so
   * the PDFs' CPU and memory are a process of their own, scaled apart from the API.
   */
  STATEMENTS_MODE: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * When the month just ended is issued (cron, in BUSINESS_TIMEZONE): 00:05 on the 1st. Empty: never by
   * itself (POST /api/statements/issue still does).
   */
  STATEMENTS_ISSUE_CRON: z
    .string()
    .trim()
    .regex(/^$|^(\S+\s+){4}\S+$/, 'must be a cron pattern of five fields, e.g. "5 0 1 * *", or empty')
    .default('5 0 1 * *'),
  /**
   * How long POST /api/statements/issue waits for the month's issue (a job on the statements queue)
   * before answering that it goes on in the background, with the counts so far.
   */
  STATEMENTS_ISSUE_ANSWER_MS: z.coerce.number().int().min(1).max(100_000).default(20_000),
});
export type StatementsConfig = z.infer<typeof statementsEnvSchema>;

export function loadStatementsConfig(env: NodeJS.ProcessEnv = process.env): StatementsConfig {
  return requireProductionSecrets(loadConfig(statementsEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const STATEMENTS_CONFIG = Symbol('STATEMENTS_CONFIG');
