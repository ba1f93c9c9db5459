import { SMS_JOB_RETRY } from '@avpass/contracts';
import { z } from 'zod';
import { ConfigurationError } from '../config/env';

export const TWILIO_DEFAULT_API_URL = 'https://api.twilio.com';

const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const httpUrl = (example: string) =>
  z.string().refine((value) => {
    try {
      return /^https?:$/.test(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL like ${example}`);

/** An E.164 number: +, a country code and up to 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The SMS settings of a service that sends SMS (libs/platform/src/sms), to spread into its config schema
 * and check with `smsEnvRefinement`: `serviceEnvSchema.extend({ ...smsEnvShape }).superRefine(smsEnvRefinement)`.
 * The three TWILIO_ credentials are all set (SMS on) or none (SMS off: a send is refused and the screens
 * say "SMS is not configured"); TWILIO_API_URL points elsewhere than Twilio only for a stand-in.
 */
export const smsEnvShape = {
  /** The Twilio account, `AC` and 32 hexadecimal digits. */
  TWILIO_ACCOUNT_SID: blankIsUnset(
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be an Account SID: AC and 32 hexadecimal digits'),
  ),
  TWILIO_AUTH_TOKEN: blankIsUnset(z.string().min(16, 'must be the account’s auth token (32 characters)')),
  /** The sender: a number in E.164 (+14155550100) or a Messaging Service SID (MG…). */
  TWILIO_FROM: blankIsUnset(
    z
      .string()
      .refine(
        (v) => E164.test(v) || /^MG[0-9a-fA-F]{32}$/.test(v),
        'must be a number like +14155550100 or a Messaging Service SID (MG…)',
      ),
  ),
  /** Twilio's API, or a stand-in that speaks it (tests, local development). */
  TWILIO_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    httpUrl('https://api.twilio.com').default(TWILIO_DEFAULT_API_URL),
  ),
  /**
   * The public URL of the status webhook (…/api/webhooks/twilio/status) sent as StatusCallback, so
   * Twilio reports delivered/undelivered. Unset: a sent SMS stays `sent`.
   */
  TWILIO_STATUS_CALLBACK_URL: blankIsUnset(httpUrl('https://avpass.example/api/webhooks/twilio/status')),
  /** How long one request to the API may take before it counts as failed (and is retried). */
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Attempts to send one SMS before it is marked failed, and the first retry's delay (doubling). */
  SMS_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(SMS_JOB_RETRY.attempts),
  SMS_JOB_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(SMS_JOB_RETRY.backoff.delay),
  /** As MAIL_SWEEP_MS: a queued SMS whose job is this old gets its job again; the sweep looks this often. */
  SMS_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Sends one instance has in flight at once. */
  SMS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Sends per second over all instances: the sender's throughput at Twilio (1 for a long code in the US). */
  SMS_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
};

export const smsEnvSchema = z.object(smsEnvShape);
export type SmsConfig = z.infer<typeof smsEnvSchema>;

const CREDENTIALS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** A partial set of credentials: the names missing, or null when all or none are set. */
function missingCredentials(config: Partial<SmsConfig>): string[] | null {
  const set = CREDENTIALS.filter((key) => config[key] !== undefined);
  if (set.length === 0 || set.length === CREDENTIALS.length) return null;
  return CREDENTIALS.filter((key) => config[key] === undefined);
}

const partialMessage = (missing: string[]) =>
  `SMS needs all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, or none (SMS off): ${missing.join(', ')} missing`;

/** The all-or-none check of the credentials, for the service's config schema (one clear line at start-up). */
export function smsEnvRefinement(config: Partial<SmsConfig>, ctx: z.RefinementCtx): void {
  const missing = missingCredentials(config);
  if (missing) ctx.addIssue({ code: 'custom', path: [missing[0]!], message: partialMessage(missing) });
}

/** What the Twilio adapter needs, once SMS is on. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
  statusCallbackUrl: string | null;
  timeoutMs: number;
}

/** The Twilio settings, or null when SMS is off; a partial set is a start-up error. */
export function twilioSettings(config: SmsConfig): TwilioSettings | null {
  const missing = missingCredentials(config);
  if (missing) throw new ConfigurationError(partialMessage(missing));
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN || !config.TWILIO_FROM) return null;
  return {
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    from: config.TWILIO_FROM,
    apiUrl: config.TWILIO_API_URL.replace(/\/+$/, ''),
    statusCallbackUrl: config.TWILIO_STATUS_CALLBACK_URL ?? null,
    timeoutMs: config.TWILIO_TIMEOUT_MS,
  };
}

/** What a screen shows when SMS is off, and the reason a send is refused. */
export const SMS_NOT_CONFIGURED = 'SMS is not configured';
