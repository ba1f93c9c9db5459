import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { CreditsModule } from './app.module';
import { loadCreditsConfig } from './config';

runService(() => {
  const config = loadCreditsConfig();
  return { name: 'credits', config, module: (database) => CreditsModule.register(config, database) };
});
