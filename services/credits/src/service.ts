import { defineService } from '@avpass/platform';
import { CreditsModule, type CreditsModuleOptions } from './app.module';
import { loadCreditsConfig } from './config';

/** The credits service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const creditsService = defineService({
  name: 'credits',
  loadConfig: loadCreditsConfig,
  module: (config, database, options?: CreditsModuleOptions) =>
    CreditsModule.register(config, database, options),
});
