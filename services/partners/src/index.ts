// Entry points for tests that run the service in-process.
export { PartnersModule } from './app.module';
export { loadPartnersConfig } from './config';
