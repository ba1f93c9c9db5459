import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { VouchersConfig } from './config';
import { migrations } from './migrations/migration-20261122-initial';

@Module({})
export class VouchersModule {
  static register(config: VouchersConfig, database: ServiceDatabase): DynamicModule {
    return {
      module: VouchersModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'vouchers',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.vouchers.health,
        }),
      ],
    };
  }
}
