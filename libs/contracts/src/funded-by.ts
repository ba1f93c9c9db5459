import { z } from 'zod';

/**
 * Who pays for a voucher's discount (issue 39): `club` (the club reimburses the partner shop that
 * honoured it) or `partner` (the shop's own marketing: nothing is owed). Carried by every code; each
 * redemption freezes it, with what the club owes for it (`reimbursementCents`).
 */
export const FUNDED_BY = ['club', 'partner'] as const;
export type FundedBy = (typeof FUNDED_BY)[number];
/** Until issue 39 nobody was reimbursed: the club-wide default starts at `partner` (decision 268). */
export const DEFAULT_FUNDED_BY: FundedBy = 'partner';
export const FUNDED_BY_MESSAGE = "Funded by must be 'club' or 'partner'";
export const fundedByEnum = z.enum(FUNDED_BY, { error: FUNDED_BY_MESSAGE });
/** The optional `fundedBy` of every create form; absent: the club-wide default (Settings). */
export const fundedByField = fundedByEnum.optional();
