// Entry points for tests that run the service in-process.
export { RenderingModule } from './app.module';
export { loadRenderingConfig } from './config';
