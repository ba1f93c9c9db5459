import { defineService } from '@avpass/platform';
import { IdentityModule, type IdentityModuleOptions } from './app.module';
import { loadIdentityConfig } from './config';

/** The identity service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const identityService = defineService({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  module: (config, database, options?: IdentityModuleOptions) =>
    IdentityModule.register(config, database, options),
});
