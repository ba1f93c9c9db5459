import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { RENDERING_CONFIG, type RenderingConfig } from './config';
import { ZipJobsService } from './jobs/zip-jobs.service';
import { migrations } from './migrations';
import { VoucherRenderer } from './render/voucher-renderer';
import { configureRenderThreads } from './render/render-slots';
import { RenderingHandlers } from './rendering.handlers';
import { ZipWorker } from './worker/zip.worker';

@Module({})
export class RenderingModule {
  static register(config: RenderingConfig, database: ServiceDatabase): DynamicModule {
    const answersCalls = config.RENDERING_MODE !== 'worker';
    configureRenderThreads(config.RENDER_THREADS);
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
          // Health reports Redis, which the ZIP queue lives in.
          redis: true,
        }),
      ],
      controllers: answersCalls ? [RenderingHandlers] : [],
      providers: [
        { provide: RENDERING_CONFIG, useValue: config },
        {
          provide: VoucherRenderer,
          useFactory: () =>
            new VoucherRenderer({ dataDir: config.DATA_DIR, timeZone: config.BUSINESS_TIMEZONE }),
        },
        ...(answersCalls ? [ZipJobsService] : []),
        ZipWorker,
      ],
    };
  }
}
