// The discount given at the till (issue 13): what a redeem with a sale amount records.

import type { DiscountType } from './voucher-kinds';
import { wallClockAt } from './time-zone';

export interface TillVoucher {
  discountType: DiscountType;
  /** Percent for 'percentage', whole dollars for 'fixed' (the generator form's unit); unused otherwise. */
  discountValue: number;
  /** Cents; a sale below it gets no discount. null or 0: no minimum. */
  minPurchase?: number | null;
  /** Cents; the discount never exceeds it. null or 0: no cap. */
  maxDiscount?: number | null;
}

/**
 * The discount (cents) for a sale of `transactionAmount` cents: a percentage of the sale (rounded to the
 * nearest cent, half up), a fixed amount capped at the sale, BOGO and free service the whole amount rung
 * up (the sale amount is what was given away); nothing below `minPurchase`; at most `maxDiscount`; never
 * more than the sale.
 */
export function discountApplied(voucher: TillVoucher, transactionAmount: number): number {
  if (!Number.isSafeInteger(transactionAmount) || transactionAmount < 0) {
    throw new RangeError(
      `transactionAmount must be whole non-negative cents, got ${String(transactionAmount)}`,
    );
  }
  if (voucher.minPurchase && transactionAmount < voucher.minPurchase) return 0;
  let discount: number;
  switch (voucher.discountType) {
    case 'percentage':
      discount = Math.round((transactionAmount * Math.min(Math.max(voucher.discountValue, 0), 100)) / 100);
      break;
    case 'fixed':
      discount = Math.max(voucher.discountValue, 0) * 100;
      break;
    case 'bogo':
    case 'free-service':
      discount = transactionAmount;
      break;
  }
  if (voucher.maxDiscount && discount > voucher.maxDiscount) discount = voucher.maxDiscount;
  return Math.min(discount, transactionAmount);
}

/** A daily window of business time, 'HH:MM' to 'HH:MM' (end excluded); an end before the start runs past midnight. */
export interface DailyWindow {
  start: string;
  end: string;
}

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM' -> minutes since midnight. */
export function minutesOfDay(time: string): number {
  if (!TIME_OF_DAY_PATTERN.test(time)) throw new RangeError(`Not a time of day (HH:MM): "${time}"`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Minutes since midnight of `now` on the wall clock of `timeZone`. */
export function minuteOfBusinessDay(now: Date, timeZone: string): number {
  const clock = wallClockAt(now, timeZone);
  return clock.hour * 60 + clock.minute;
}

/** Whether `minute` (since midnight) falls in [start, end), a window past midnight wrapping round. */
export function isMinuteInWindow(minute: number, startMinute: number, endMinute: number): boolean {
  if (startMinute === endMinute) return true;
  return startMinute < endMinute
    ? minute >= startMinute && minute < endMinute
    : minute >= startMinute || minute < endMinute;
}

/** Whether `now` falls inside the daily window on the wall clock of `timeZone`. */
export function isWithinDailyWindow(now: Date, window: DailyWindow, timeZone: string): boolean {
  return isMinuteInWindow(
    minuteOfBusinessDay(now, timeZone),
    minutesOfDay(window.start),
    minutesOfDay(window.end),
  );
}
