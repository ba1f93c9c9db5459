import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import type { z } from 'zod';

export const partnersEnvSchema = serviceEnvSchema;
export type PartnersConfig = z.infer<typeof partnersEnvSchema>;

export function loadPartnersConfig(env: NodeJS.ProcessEnv = process.env): PartnersConfig {
  return requireProductionSecrets(loadConfig(partnersEnvSchema, env));
}

/** The parsed configuration, injected where a provider needs a setting. */
export const PARTNERS_CONFIG = Symbol('PARTNERS_CONFIG');
