// assignment/: what other folders of the vouchers service may use (avpass/folder-boundaries).

export { AssignmentsRepository } from './assignments.repository';
export { PartnerDetails } from './partner-details';
export { assignCopiesSql, assignMadeCodesSql } from './assignment-writes-sql.repository';
export { lastRedemptionOf, type LastUse } from './last-use';
