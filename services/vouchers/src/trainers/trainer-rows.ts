// The rows TrainersRepository reads and writes, as its callers see them.
import type { Actor, SortOrder, TrainerRules, TrainerSort, TrainerStatusFilter } from '@avpass/contracts';
import type { DiscountType } from '@avpass/domain';
import type { QrCode } from '../codes';

export interface TrainerRulesRow {
  qrCodeId: string;
  couponTitle: string;
  rules: TrainerRules;
}

/** What a redeem needs of a code to price the sale and to explain a refusal. */
export interface TillTerms {
  discountType: DiscountType;
  discountValue: number;
  minPurchase: number | null;
  maxDiscount: number | null;
  validHoursStart: number | null;
  validHoursEnd: number | null;
}

/** The trainer table's sort and filters (issue 27); `today` is the business day the status is read on. */
export interface TrainerListFilter {
  sort?: { sort: TrainerSort; order: SortOrder } | undefined;
  status?: TrainerStatusFilter | undefined;
  today?: string | undefined;
  partnerId?: string | undefined;
}

export interface TrainerCodeRow {
  code: QrCode;
  couponTitle: string | null;
  rules: TrainerRules | null;
}

/** A range of instants [from, to) and which trainer codes: the analytics' selection. */
export interface AnalyticsSelection {
  actor: Actor;
  /** The range as business days ('YYYY-MM-DD', both included) and as instants [from, to). */
  startDate: string;
  endDate: string;
  from: Date;
  to: Date;
  trainerId?: string | undefined;
  timeZone: string;
}

export interface DayFigures {
  day: string;
  redemptions: number;
  transactionAmount: number;
  discountGiven: number;
}

export interface TrainerFiguresRow {
  code: QrCode;
  redemptions: number;
  transactionAmount: number;
  discountGiven: number;
  sales: number;
  lastRedemption: Date | null;
  firstRedemptions: {
    id: string;
    redeemed_at: string;
    redeemed_by: string;
    device_info: string | null;
    transaction_amount: number | null;
    discount_applied: number | null;
  }[];
}

export interface ExportRow {
  redemption_id: string;
  redeemed_at: Date;
  cursor_at: string;
  id: string;
  qr_code_id: string;
  trainer_name: string | null;
  trainer_role: string | null;
  clinic_name: string;
  discount_value: number;
  transaction_amount: number | null;
  discount_applied: number | null;
  redeemed_by: string;
  device_info: string | null;
}
