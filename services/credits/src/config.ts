import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import type { z } from 'zod';

export const creditsEnvSchema = serviceEnvSchema;
export type CreditsConfig = z.infer<typeof creditsEnvSchema>;

export function loadCreditsConfig(env: NodeJS.ProcessEnv = process.env): CreditsConfig {
  return requireProductionSecrets(loadConfig(creditsEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const CREDITS_CONFIG = Symbol('CREDITS_CONFIG');
