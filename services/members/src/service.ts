import { defineService } from '@avpass/platform';
import { MembersModule } from './app.module';
import { loadMembersConfig } from './config';

/** The members service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const membersService = defineService({
  name: 'members',
  loadConfig: loadMembersConfig,
  module: (config, database) => MembersModule.register(config, database),
});
