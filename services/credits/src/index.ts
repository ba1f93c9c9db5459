// Entry points for tests that run the service in-process.
export { creditsService } from './service';
export { CreditsModule } from './app.module';
export { loadCreditsConfig } from './config';
