// partner-statuses/: what other folders of the identity service may use (avpass/folder-boundaries).

export { PartnerStatus } from './partner-status.entity';
export { PartnerStatusesRepository } from './partner-statuses.repository';
