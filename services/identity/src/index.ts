// Entry points for tests that run the service in-process.
export { identityService } from './service';
export { IdentityModule, type IdentityModuleOptions } from './app.module';
export { loadIdentityConfig } from './config';
export type { Clock } from './clock';
