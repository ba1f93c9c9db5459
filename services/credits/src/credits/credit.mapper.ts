import type { AthleteCredit, CreditTransaction } from '@avpass/contracts';
import { creditState } from '@avpass/domain';

/** An athlete_credits row as `to_jsonb(row)` returns it (snake_case; dates as text). */
export interface CreditRow {
  id: string;
  athlete_name: string;
  athlete_image: string | null;
  athlete_role: AthleteCredit['athleteRole'];
  total_amount: number;
  monthly_amount: number;
  duration: number;
  start_date: string;
  end_date: string;
  current_balance: number;
  used_amount: number;
  notes: string | null;
  partner_id: string | null;
  partner_name: string | null;
  /** Migration 0010 (decision 336); absent from a row read before it ran. */
  member_id?: string | null;
  is_active: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

/** A credit_transactions row as `to_jsonb(row)` returns it. */
export interface TransactionRow {
  id: string;
  credit_id: string;
  athlete_name: string;
  partner_id: string | null;
  partner_name: string | null;
  transaction_type: CreditTransaction['transactionType'];
  amount: number;
  description: string;
  category: CreditTransaction['category'];
  reference: string | null;
  balance_after: number;
  notes: string | null;
  created_at: string;
  created_by: string | null;
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
}

const iso = (at: string) => new Date(at).toISOString();

export function toCredit(row: CreditRow, now: Date, timeZone: string): AthleteCredit {
  return {
    id: row.id,
    athleteName: row.athlete_name,
    athleteImage: row.athlete_image,
    athleteRole: row.athlete_role,
    totalAmount: row.total_amount,
    monthlyAmount: row.monthly_amount,
    duration: row.duration,
    startDate: row.start_date,
    endDate: row.end_date,
    currentBalance: row.current_balance,
    usedAmount: row.used_amount,
    notes: row.notes,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    isActive: row.is_active,
    status: creditState({ isActive: row.is_active, endDate: row.end_date }, now, timeZone),
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    updatedAt: iso(row.updated_at),
  };
}

/** A credit as the administrator reads it: with its member (decision 336), which a partner is not shown. */
export function toAdminCredit(row: CreditRow, now: Date, timeZone: string): AthleteCredit {
  return { ...toCredit(row, now, timeZone), memberId: row.member_id ?? null };
}

export function toTransaction(row: TransactionRow): CreditTransaction {
  return {
    id: row.id,
    creditId: row.credit_id,
    athleteName: row.athlete_name,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    transactionType: row.transaction_type,
    amount: row.amount,
    description: row.description,
    category: row.category,
    reference: row.reference,
    balanceAfter: row.balance_after,
    notes: row.notes,
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    voidedAt: row.voided_at ? iso(row.voided_at) : null,
    voidedBy: row.voided_by,
    voidReason: row.void_reason,
  };
}
