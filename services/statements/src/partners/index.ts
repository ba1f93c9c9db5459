// partners/: what other folders of the statements service may use (avpass/folder-boundaries).

export { nameOfPartner, partnerNames, unknownPartner } from './partner-name';
