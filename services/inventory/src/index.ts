// Entry points for tests that run the service in-process.
export { InventoryModule } from './app.module';
export { loadInventoryConfig } from './config';
