// passes/: what other folders of the wallet service may use (avpass/folder-boundaries).

export { WalletPassesRepository } from './wallet-passes.repository';
export { WalletPassesService } from './wallet-passes.service';
export { MemberPassesRepository } from './member-passes.repository';
export { MemberPassesService } from './member-passes.service';
export { MemberPassRevokedSubscriber } from './member-pass-revoked.subscriber';
