import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import type { z } from 'zod';

export const vouchersEnvSchema = serviceEnvSchema;
export type VouchersConfig = z.infer<typeof vouchersEnvSchema>;

export function loadVouchersConfig(env: NodeJS.ProcessEnv = process.env): VouchersConfig {
  return requireProductionSecrets(loadConfig(vouchersEnvSchema, env));
}
