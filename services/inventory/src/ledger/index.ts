// ledger/: what other folders of the inventory service may use (avpass/folder-boundaries).

export {
  COUNT_CAP,
  InventoryTransactionsRepository,
  type LedgerRow,
} from './inventory-transactions.repository';
