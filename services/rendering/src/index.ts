// Entry points for tests that run the service in-process.
export { renderingService } from './service';
export { RenderingModule } from './app.module';
export { loadRenderingConfig } from './config';
