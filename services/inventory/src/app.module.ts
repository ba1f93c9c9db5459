import { RPC } from '@avpass/contracts';
import {
  IDEMPOTENCY_PROVIDERS,
  PartnerDirectory,
  ServicePlatformModule,
  type ServiceDatabase,
} from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AllocationsHandlers } from './allocations/allocations.handlers';
import { AllocationsRepository } from './allocations/allocations.repository';
import { AllocationsService } from './allocations/allocations.service';
import type { InventoryConfig } from './config';
import { MerchItemsHandlers } from './items/merch-items.handlers';
import { MerchItemsRepository } from './items/merch-items.repository';
import { MerchItemsService } from './items/merch-items.service';
import { InventoryTransactionsRepository } from './ledger/inventory-transactions.repository';
import { migrations } from './migrations';
import { InventoryLinesRepository } from './stock/inventory-lines.repository';
import { LowStockAlerts } from './stock/low-stock-alerts';
import { StockHandlers } from './stock/stock.handlers';
import { StockService } from './stock/stock.service';

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
      controllers: [MerchItemsHandlers, StockHandlers, AllocationsHandlers],
      providers: [
        MerchItemsRepository,
        InventoryLinesRepository,
        InventoryTransactionsRepository,
        AllocationsRepository,
        LowStockAlerts,
        MerchItemsService,
        StockService,
        AllocationsService,
        PartnerDirectory,
        ...IDEMPOTENCY_PROVIDERS,
      ],
    };
  }
}
