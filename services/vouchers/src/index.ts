// Entry points for tests that run the service in-process.
export { VouchersModule } from './app.module';
export { loadVouchersConfig } from './config';
