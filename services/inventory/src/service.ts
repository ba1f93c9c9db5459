import { defineService } from '@avpass/platform';
import { InventoryModule } from './app.module';
import { loadInventoryConfig } from './config';

/** The inventory service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const inventoryService = defineService({
  name: 'inventory',
  loadConfig: loadInventoryConfig,
  module: (config, database) => InventoryModule.register(config, database),
});
