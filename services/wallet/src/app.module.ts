import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { join } from 'node:path';
import { PassImages } from './apple/pass-images';
import { WALLET_CONFIG, type WalletConfig } from './config';
import { migrations } from './migrations';
import { VoucherChangesSubscriber } from './passes/voucher-changes.subscriber';
import { MemberPassesRepository, MemberPassesService, MemberPassRevokedSubscriber } from './passes';
import { WalletPassesRepository } from './passes/wallet-passes.repository';
import { WalletPassesService } from './passes/wallet-passes.service';
import { loadWalletCredentials, WALLET_CREDENTIALS } from './wallet-credentials';
import { WalletHandlers } from './wallet.handlers';
import { WalletUpdatesQueue } from './passes/wallet-updates.queue';
import { WalletUpdatesWorker } from './worker/wallet-updates.worker';

@Module({})
export class WalletModule {
  static register(config: WalletConfig, database: ServiceDatabase): DynamicModule {
    // Checked before anything starts: a half-configured wallet stops the service with its reason.
    const credentials = loadWalletCredentials(config);
    return {
      module: WalletModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'wallet',
          config,
          database,
          entities: [],
          migrations,
          healthPattern: RPC.wallet.health,
          subscribers: [VoucherChangesSubscriber, MemberPassRevokedSubscriber],
          redis: true,
        }),
      ],
      controllers: [WalletHandlers],
      providers: [
        { provide: WALLET_CONFIG, useValue: config },
        { provide: WALLET_CREDENTIALS, useValue: credentials },
        { provide: PassImages, useValue: new PassImages(join(config.DATA_DIR, 'uploads')) },
        WalletPassesRepository,
        WalletUpdatesQueue,
        WalletPassesService,
        VoucherChangesSubscriber,
        MemberPassesRepository,
        MemberPassesService,
        MemberPassRevokedSubscriber,
        WalletUpdatesWorker,
      ],
    };
  }
}
