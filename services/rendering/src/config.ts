import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import type { z } from 'zod';

export const renderingEnvSchema = serviceEnvSchema;
export type RenderingConfig = z.infer<typeof renderingEnvSchema>;

export function loadRenderingConfig(env: NodeJS.ProcessEnv = process.env): RenderingConfig {
  return requireProductionSecrets(loadConfig(renderingEnvSchema, env));
}
