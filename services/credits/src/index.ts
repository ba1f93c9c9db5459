// Entry points for tests that run the service in-process.
export { CreditsModule } from './app.module';
export { loadCreditsConfig } from './config';
