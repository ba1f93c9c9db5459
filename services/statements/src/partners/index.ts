// partners/: what other folders of the statements service may use (avpass/folder-boundaries).

export { nameOfPartner, partnerNames, unknownPartner, type PartnerName } from './partner-name';
