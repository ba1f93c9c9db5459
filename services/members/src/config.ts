import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import { getCountries, type CountryCode } from 'libphonenumber-js/min';
import { resolve } from 'node:path';
import { z } from 'zod';

const COUNTRIES = new Set<string>(getCountries());

export const membersEnvSchema = serviceEnvSchema.extend({
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
});
export type MembersConfig = z.infer<typeof membersEnvSchema>;

export function loadMembersConfig(env: NodeJS.ProcessEnv = process.env): MembersConfig {
  return requireProductionSecrets(loadConfig(membersEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const MEMBERS_CONFIG = Symbol('MEMBERS_CONFIG');
