// partner-events/: the partners service's events identity applies; the composition root wires it
// (avpass/folder-boundaries).

export { PartnerDeletedSubscriber } from './partner-deleted.subscriber';
export { PartnerStatusSubscriber } from './partner-status.subscriber';
