import type { CreditTransaction } from '@avpass/contracts';
import { centsToDollars } from '@avpass/domain';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. Text that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) gets a leading apostrophe, so
 * an athlete named "=HYPERLINK(...)" stays text for the accountant. Numbers are written as they are.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows joined with CRLF, as RFC 4180 writes them. */
export function csvLines(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

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
