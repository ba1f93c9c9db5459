import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { RenderingConfig } from './config';
import { migrations } from './migrations/migration-20261122-initial';

@Module({})
export class RenderingModule {
  static register(config: RenderingConfig, database: ServiceDatabase): DynamicModule {
    return {
      module: RenderingModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'rendering',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.rendering.health,
          // BullMQ's connection; its health reports redis. The queues and processors come next.
          redis: true,
        }),
      ],
    };
  }
}
