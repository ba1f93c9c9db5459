import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { InventoryConfig } from './config';
import { migrations } from './migrations/migration-20261122-initial';

@Module({})
export class InventoryModule {
  static register(config: InventoryConfig, database: ServiceDatabase): DynamicModule {
    return {
      module: InventoryModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'inventory',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.inventory.health,
        }),
      ],
    };
  }
}
