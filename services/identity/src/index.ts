// Entry points for tests that run the service in-process.
export { identityService } from './service';
export { IdentityModule } from './app.module';
export { loadIdentityConfig } from './config';
