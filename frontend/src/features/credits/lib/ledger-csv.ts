import type { CreditTransaction } from '@avpass/contracts';
import { centsToDollars } from '@avpass/domain';

// The CSV writing itself is shared (the trainer batch list downloads one too).
export { csvField, csvLines } from '@/lib/csv';

export const LEDGER_CSV_HEADER = [
  'Date (UTC)',
  'Transaction ID',
  'Credit ID',
  'Athlete',
  'Partner',
  'Type',
  'Category',
  'Description',
  'Reference',
  'Amount (USD)',
  'Balance After (USD)',
  'Status',
  'Voided At (UTC)',
  'Void Reason',
] as const;

/** Dollars with two decimals from integer cents, without a currency sign or grouping (a spreadsheet number). */
const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

export function ledgerCsvRow(t: CreditTransaction): (string | number | null)[] {
  return [
    t.createdAt,
    t.id,
    t.creditId,
    t.athleteName,
    t.partnerName,
    t.transactionType,
    t.category,
    t.description,
    t.reference,
    dollars(t.amount),
    dollars(t.balanceAfter),
    t.voidedAt ? 'Voided' : 'Completed',
    t.voidedAt,
    t.voidReason,
  ];
}
