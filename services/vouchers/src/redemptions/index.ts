// redemptions/: what other folders of the vouchers service may use (avpass/folder-boundaries).

export { type RedeemOrigin, type RedeemOutcome, RedeemService } from './redeem.service';
export { type RedemptionRecord, toTillRedemption } from './redemption-view';
export { MemberRedemptionsRepository } from './member-redemptions.repository';
