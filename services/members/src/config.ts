import {
  loadConfig,
  mailEnvShape,
  requireProductionSecrets,
  serviceEnvSchema,
  smsEnvRefinement,
  smsEnvShape,
} from '@avpass/platform';
import { getCountries, type CountryCode } from 'libphonenumber-js/min';
import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';

const COUNTRIES = new Set<string>(getCountries());

export const membersEnvSchema = serviceEnvSchema
  .extend({
    ...mailEnvShape,
    ...smsEnvShape,
    /** The site's public origin, for the voucher, wallet and unsubscribe links in a member's message. */
    PUBLIC_URL: z
      .string()
      .url('must be a URL like https://avpass.example')
      .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')
      .transform((v) => v.replace(/\/+$/, ''))
      .default('http://localhost:3000'),
    /**
     * Signs the unsubscribe links and makes the sign-in secrets (HMAC-SHA256: decision 339), at least 32 characters. Unset: derived from DB_ROLE_SECRET
     * (required in production), so a deployment has one secret fewer to provision.
     */
    MEMBERS_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Members one step of a send's expansion reads, issues codes for and records messages for. */
    MEMBERS_SEND_PAGE: z.coerce.number().int().min(10).max(5000).default(1000),
    /** How often a send left unfinished (another instance stopped) is looked for; a new send starts at once. */
    MEMBERS_SEND_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
    /** Shared with the gateway: the CSV imports it stores are read from DATA_DIR/member-imports. */
    DATA_DIR: z
      .string()
      .min(1)
      .default('./data')
      .transform((dir) => resolve(dir)),
    /** The country a phone typed without a +country code belongs to (ISO 3166 alpha-2: US, ES, GB…). */
    MEMBERS_DEFAULT_PHONE_REGION: z
      .string()
      .trim()
      .toUpperCase()
      .default('US')
      .refine((v) => COUNTRIES.has(v), 'must be a country code libphonenumber-js knows, like US or ES')
      .transform((v) => v as CountryCode),
    /** The most rows one CSV import takes (a larger file is refused whole: split it). */
    MEMBERS_IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(50_000),
    /** A member's magic link works once, for this long (decision 330). */
    MEMBER_LINK_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
    /** A member's SMS code works once, for this long… */
    MEMBER_CODE_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    /** …and is burnt after this many wrong tries. */
    MEMBER_CODE_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** A member session ends this long after its sign-in, however busy (decision 329)… */
    MEMBER_SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    /** …and this long after its last request. */
    MEMBER_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(2)
      .max(24 * 60)
      .default(30),
    /** Links or codes asked for one e-mail or phone, member or not, per MEMBER_SIGN_IN_WINDOW_SECONDS (then 429). */
    MEMBER_SIGN_IN_PER_TARGET: z.coerce.number().int().min(1).max(1000).default(3),
    /** Links, codes and verifications asked from one client address per window (then 429). */
    MEMBER_SIGN_IN_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Messages one member is sent per window, by e-mail and SMS together (past it: answered, not sent). */
    MEMBER_SIGN_IN_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(5),
    MEMBER_SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
    /**
     * The member pass's keys are derived from it (HKDF-SHA256 per key id, decision 363), at least 32
     * characters. Unset: derived from DB_ROLE_SECRET (required in production). Changing it voids every
     * pass code and the public keys the tills keep: new keys are made at once.
     */
    MEMBER_PASS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** A member pass key signs for this many days; the next one is listed this long before it signs. */
    MEMBER_PASS_KEY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** A key that stopped signing still verifies for this many days (a till's kept keys, a static code). */
    MEMBER_PASS_KEY_GRACE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Second factors (date of birth, phone's last 4 digits) one member's static code may be tried with per window (then 429). */
    MEMBER_PASS_FACTOR_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    MEMBER_PASS_FACTOR_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  })
  .superRefine(smsEnvRefinement);
export type MembersConfig = Readonly<
  Omit<z.infer<typeof membersEnvSchema>, 'MEMBERS_LINK_SECRET' | 'MEMBER_PASS_SECRET'> & {
    MEMBERS_LINK_SECRET: string;
    MEMBER_PASS_SECRET: string;
  }
>;

export function loadMembersConfig(env: NodeJS.ProcessEnv = process.env): MembersConfig {
  const config = requireProductionSecrets(loadConfig(membersEnvSchema, env));
  const linkSecret =
    config.MEMBERS_LINK_SECRET ??
    createHmac('sha256', config.DB_ROLE_SECRET).update('members.unsubscribe-links').digest('hex');
  const passSecret =
    config.MEMBER_PASS_SECRET ??
    createHmac('sha256', config.DB_ROLE_SECRET).update('members.member-pass').digest('hex');
  return Object.freeze({ ...config, MEMBERS_LINK_SECRET: linkSecret, MEMBER_PASS_SECRET: passSecret });
}

/** The parsed configuration, injected where a provider needs a setting. */
export const MEMBERS_CONFIG = Symbol('MEMBERS_CONFIG');
