// Entry points for tests that run the service in-process.
export { vouchersService } from './service';
export { VouchersModule, type VouchersModuleOptions } from './app.module';
export { loadVouchersConfig, type VouchersConfig } from './config';
export type { Clock } from './clock';
export { RedeemService } from './redemptions/redeem.service';
export { TallyFolder } from './tallies/tally-folder';
export { StatsService } from './redemptions/stats.service';
