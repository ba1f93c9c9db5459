import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { PartnersModule } from './app.module';
import { loadPartnersConfig } from './config';

runService(() => {
  const config = loadPartnersConfig();
  return { name: 'partners', config, module: (database) => PartnersModule.register(config, database) };
});
