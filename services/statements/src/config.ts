import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import type { z } from 'zod';

/** BUSINESS_TIMEZONE (every service's) decides where a statement's month begins and ends. */
export const statementsEnvSchema = serviceEnvSchema;
export type StatementsConfig = z.infer<typeof statementsEnvSchema>;

export function loadStatementsConfig(env: NodeJS.ProcessEnv = process.env): StatementsConfig {
  return requireProductionSecrets(loadConfig(statementsEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const STATEMENTS_CONFIG = Symbol('STATEMENTS_CONFIG');
