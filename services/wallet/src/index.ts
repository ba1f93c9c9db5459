// Entry points for tests that run the service in-process.
export { walletService } from './service';
export { WalletModule } from './app.module';
export { loadWalletConfig } from './config';
export { APPLE_NOT_CONFIGURED, GOOGLE_NOT_CONFIGURED } from './passes/wallet-passes.service';
