export { MemberPassHandlers } from './member-pass.handlers';
export { MemberPassRepository } from './member-pass.repository';
export { MemberPassService, PASS_CODES_AHEAD, PASS_REVOKED_MESSAGE } from './member-pass.service';
export { derivePassKey, nodePassVerifier } from './pass-crypto';
export { PassKeys } from './pass-keys';
export { PassKeysRepository } from './pass-keys.repository';
export { SecondFactorThrottle } from './second-factor-throttle';
export { WalletAvailabilityCache } from './wallet-availability';
