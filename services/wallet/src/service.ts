import { defineService } from '@avpass/platform';
import { WalletModule } from './app.module';
import { loadWalletConfig } from './config';

/** The wallet service, defined once: main.ts, its tests and the gateway's harness start it from here. */
export const walletService = defineService({
  name: 'wallet',
  loadConfig: loadWalletConfig,
  module: (config, database) => WalletModule.register(config, database),
});
