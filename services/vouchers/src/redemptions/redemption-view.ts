import {
  redemptionReference,
  type Actor,
  type FundedBy,
  type RedemptionChannel,
  type RedemptionStatus,
  type TillRedemption,
} from '@avpass/contracts';

/** A redemptions row as the SQL reads it (snake_case columns). */
export interface RedemptionRecord {
  id: string;
  qr_code_id: string;
  redeemed_at: Date | string;
  scanned_at: Date | string | null;
  redeemed_by: string;
  redeemed_by_user_id: string | null;
  channel: string;
  partner_id: string | null;
  partner_name: string | null;
  transaction_amount: number | null;
  discount_applied: number | null;
  /** Frozen by the redeem (issue 39). */
  funded_by: string;
  reimbursement_cents: number;
  no_sale_amount: boolean;
  status: string;
  cancelled_at: Date | string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
}

/** What a redemption froze when it was made (issue 39), as every redemption answer says it. */
export function redemptionMoneyOf(
  row: Pick<RedemptionRecord, 'funded_by' | 'reimbursement_cents' | 'no_sale_amount'>,
): { fundedBy: FundedBy; reimbursementCents: number; noSaleAmount: boolean } {
  return {
    fundedBy: row.funded_by === 'club' ? 'club' : 'partner',
    reimbursementCents: Number(row.reimbursement_cents),
    noSaleAmount: row.no_sale_amount,
  };
}

const iso = (at: Date | string) => new Date(at).toISOString();
const isoOrNull = (at: Date | string | null) => (at === null ? null : iso(at));

/**
 * Who may undo a redemption, the one place it is written (the cancel itself, the lists' `cancellable`):
 * the administrator at any time; a company's staff only a redemption made at its own partner
 * (partner_id), within `undoMinutes` of redeemed_at; nobody a cancelled one. `undoUntil`: when the
 * staff's window closes (null: no partner's staff can ever undo it).
 */
export function undoRule(
  actor: Actor,
  row: Pick<RedemptionRecord, 'redeemed_at' | 'partner_id' | 'status'>,
  now: Date,
  undoMinutes: number,
): { cancellable: boolean; undoUntil: string | null; windowOpen: boolean; ownPartner: boolean } {
  const until = row.partner_id ? new Date(new Date(row.redeemed_at).getTime() + undoMinutes * 60_000) : null;
  const windowOpen = until !== null && now.getTime() <= until.getTime();
  const ownPartner =
    actor.role === 'company_admin' && actor.companyId !== null && row.partner_id === actor.companyId;
  const completed = row.status === 'completed';
  const cancellable = completed && (actor.role === 'super_admin' || (ownPartner && windowOpen));
  return { cancellable, undoUntil: until?.toISOString() ?? null, windowOpen, ownPartner };
}

/** A redemption as the till and the undo answer show it, with what `actor` may do with it now. */
export function toTillRedemption(
  row: RedemptionRecord,
  actor: Actor,
  now: Date,
  undoMinutes: number,
): TillRedemption {
  const { cancellable, undoUntil } = undoRule(actor, row, now, undoMinutes);
  return {
    id: row.id,
    reference: redemptionReference(row.id),
    redeemedAt: iso(row.redeemed_at),
    scannedAt: isoOrNull(row.scanned_at),
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    redeemedBy: row.redeemed_by,
    channel: row.channel as RedemptionChannel,
    transactionAmount: row.transaction_amount,
    discountApplied: row.discount_applied,
    ...redemptionMoneyOf(row),
    status: row.status as RedemptionStatus,
    cancelledAt: isoOrNull(row.cancelled_at),
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    cancellable,
    undoUntil,
  };
}
