// items/: what other folders of the inventory service may use (avpass/folder-boundaries).

export { type MerchItemRow, MerchItemsRepository } from './merch-items.repository';
