import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { CreditsConfig } from './config';
import { migrations } from './migrations/migration-20261122-initial';

@Module({})
export class CreditsModule {
  static register(config: CreditsConfig, database: ServiceDatabase): DynamicModule {
    return {
      module: CreditsModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'credits',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.credits.health,
        }),
      ],
    };
  }
}
