import { z } from 'zod';

/** Who may start a redeem: `self` the member's own phone (the spec's public page), `staff` only a till. */
export const REDEMPTION_MODES = ['self', 'staff'] as const;
export type RedemptionMode = (typeof REDEMPTION_MODES)[number];
export const DEFAULT_REDEMPTION_MODE: RedemptionMode = 'self';
export const REDEMPTION_MODE_MESSAGE = "Redemption mode must be 'self' or 'staff'";
/** The optional `redemptionMode` of every create form; absent: the club-wide default (Settings). */
export const redemptionModeField = z.enum(REDEMPTION_MODES, { error: REDEMPTION_MODE_MESSAGE }).optional();

/** Where a redemption was made: at a partner's till by its staff, or on the member's own phone. */
export const REDEMPTION_CHANNELS = ['till', 'self'] as const;
export type RedemptionChannel = (typeof REDEMPTION_CHANNELS)[number];

export { REDEMPTION_STATUSES, type RedemptionStatus } from './words';
