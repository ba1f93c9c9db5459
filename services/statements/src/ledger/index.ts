// ledger/: what other folders of the statements service may use (avpass/folder-boundaries).

export { LedgerSubscriber } from './ledger.subscriber';
export {
  GROUPED_LEDGER_SQL,
  GROUPING_WORK_MEM_SQL,
  groupedLedgerParams,
  LINE_ORDER,
  SECTION_ORDER,
  type GroupedLine,
  type LedgerEntry,
  type LedgerRange,
  type SectionSums,
  StatementEntriesRepository,
} from './statement-entries.repository';
