import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { IdentityModule } from './app.module';
import { loadIdentityConfig } from './config';

runService(() => {
  const config = loadIdentityConfig();
  return { name: 'identity', config, module: (database) => IdentityModule.register(config, database) };
});
