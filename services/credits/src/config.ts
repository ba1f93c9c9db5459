import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import type { z } from 'zod';

export const creditsEnvSchema = serviceEnvSchema;
export type CreditsConfig = z.infer<typeof creditsEnvSchema>;

export function loadCreditsConfig(env: NodeJS.ProcessEnv = process.env): CreditsConfig {
  return requireProductionSecrets(loadConfig(creditsEnvSchema, env));
}
