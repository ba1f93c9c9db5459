import { defineService } from '@avpass/platform';
import { MembersModule, type MembersModuleOptions } from './app.module';
import { loadMembersConfig } from './config';

/** The members service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const membersService = defineService({
  name: 'members',
  loadConfig: loadMembersConfig,
  module: (config, database, options?: MembersModuleOptions) =>
    MembersModule.register(config, database, options),
});
