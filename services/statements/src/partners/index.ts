// partners/: what other folders of the statements service may use (avpass/folder-boundaries).

export { PartnerNames, unknownPartner, type PartnerName } from './partner-names';
