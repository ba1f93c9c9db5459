// Entry points for tests that run the service in-process.
export { creditsService } from './service';
export { CreditsModule, type CreditsModuleOptions } from './app.module';
export { loadCreditsConfig } from './config';
export type { Clock } from './clock';
