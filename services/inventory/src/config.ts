import { loadConfig, requireProductionSecrets, serviceEnvSchema } from '@avpass/platform';
import type { z } from 'zod';

export const inventoryEnvSchema = serviceEnvSchema;
export type InventoryConfig = z.infer<typeof inventoryEnvSchema>;

export function loadInventoryConfig(env: NodeJS.ProcessEnv = process.env): InventoryConfig {
  return requireProductionSecrets(loadConfig(inventoryEnvSchema, env));
}
