import { defineService } from '@avpass/platform';
import { StatementsModule } from './app.module';
import { loadStatementsConfig } from './config';

/** The statements service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const statementsService = defineService({
  name: 'statements',
  loadConfig: loadStatementsConfig,
  module: (config, database) => StatementsModule.register(config, database),
});
