// pass-wallet/: the member pass's answers to the wallet service (issue 43).
export { MemberPassWalletHandlers } from './member-pass-wallet.handlers';
export { MemberPassWalletService } from './member-pass-wallet.service';
