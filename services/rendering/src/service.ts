import { defineService } from '@avpass/platform';
import { RenderingModule } from './app.module';
import { loadRenderingConfig } from './config';

/** The rendering service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const renderingService = defineService({
  name: 'rendering',
  loadConfig: loadRenderingConfig,
  module: (config, database) => RenderingModule.register(config, database),
});
