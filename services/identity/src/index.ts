// Entry points for tests that run the service in-process.
export { IdentityModule } from './app.module';
export { loadIdentityConfig } from './config';
