// tallies/: what other folders of the vouchers service may use (avpass/folder-boundaries).

export { PLATFORM_SCOPE } from './tallies-sql.repository';
export { type ScopeCounts, TalliesRepository } from './tallies.repository';
export { tallyScopeOf } from './tally-scope';
export { assignedTalliesCtes, queuePendingTallySql } from './pending-tallies-sql.repository';
