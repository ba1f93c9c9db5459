import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { InventoryModule } from './app.module';
import { loadInventoryConfig } from './config';

runService(() => {
  const config = loadInventoryConfig();
  return { name: 'inventory', config, module: (database) => InventoryModule.register(config, database) };
});
