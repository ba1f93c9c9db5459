import { defineService } from '@avpass/platform';
import { VouchersModule, type VouchersModuleOptions } from './app.module';
import { loadVouchersConfig } from './config';

/** The vouchers service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const vouchersService = defineService({
  name: 'vouchers',
  loadConfig: loadVouchersConfig,
  module: (config, database, options?: VouchersModuleOptions) =>
    VouchersModule.register(config, database, options),
});
