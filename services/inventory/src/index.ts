// Entry points for tests that run the service in-process.
export { inventoryService } from './service';
export { InventoryModule } from './app.module';
export { loadInventoryConfig } from './config';
