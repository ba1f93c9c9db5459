import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { RenderingModule } from './app.module';
import { loadRenderingConfig } from './config';

runService(() => {
  const config = loadRenderingConfig();
  return { name: 'rendering', config, module: (database) => RenderingModule.register(config, database) };
});
