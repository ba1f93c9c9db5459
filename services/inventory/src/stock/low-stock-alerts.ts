import { EventOutbox, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { InventoryLinesRepository } from './inventory-lines.repository';

/**
 * inventory.stock.low.v1, once per fall: after any change that may lower a line's available quantity,
 * in the same transaction, the line is marked if it is now at or below its minimum and was not marked
 * yet; only the call that marks it records the event. Going back above the minimum clears the mark.
 */
@Injectable()
export class LowStockAlerts {
  constructor(
    private readonly lines: InventoryLinesRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async checkLine(tx: Tx, lineId: string): Promise<void> {
    const fallen = await this.lines.markIfFallen(tx, lineId);
    if (!fallen) return;
    this.outbox.enqueueEvent(tx, 'inventory.stock.low.v1', {
      merchInventoryId: fallen.id,
      merchItemId: fallen.merch_item_id,
      sku: fallen.sku,
      itemName: fallen.name,
      size: fallen.size,
      color: fallen.color,
      availableQuantity: fallen.available_quantity,
      minStockLevel: fallen.min_stock_level,
    });
  }
}
