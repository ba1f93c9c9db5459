// stock/: what other folders of the inventory service may use (avpass/folder-boundaries).

export { InventoryLinesRepository } from './inventory-lines.repository';
export { LowStockAlerts } from './low-stock-alerts';
