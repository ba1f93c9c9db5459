// ledger/: what other folders of the statements service may use (avpass/folder-boundaries).

export { LedgerSubscriber } from './ledger.subscriber';
export {
  type LedgerEntry,
  type LedgerRange,
  StatementEntriesRepository,
} from './statement-entries.repository';
