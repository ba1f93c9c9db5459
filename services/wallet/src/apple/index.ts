// apple/: what other folders of the wallet service may use (avpass/folder-boundaries).

export { ApnsClient, ApnsError } from './apns-client';
export { isPassAuthorized, passAuthToken } from './pass-auth';
export { buildPkpass } from './pass-builder';
export { PassImages } from './pass-images';
export { buildMemberPkpass } from './member-pass-builder';
