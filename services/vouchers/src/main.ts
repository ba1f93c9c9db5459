import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { VouchersModule } from './app.module';
import { loadVouchersConfig } from './config';

runService(() => {
  const config = loadVouchersConfig();
  return { name: 'vouchers', config, module: (database) => VouchersModule.register(config, database) };
});
