import { defineService } from '@avpass/platform';
import { PartnersModule } from './app.module';
import { loadPartnersConfig } from './config';

/** The partners service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const partnersService = defineService({
  name: 'partners',
  loadConfig: loadPartnersConfig,
  module: (config, database) => PartnersModule.register(config, database),
});
