// Entry points for tests that run the service in-process.
export { partnersService } from './service';
export { PartnersModule } from './app.module';
export { loadPartnersConfig } from './config';
