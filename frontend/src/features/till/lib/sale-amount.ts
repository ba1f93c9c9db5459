/** The largest sale the till accepts (the contract's ceiling): $1,000,000. */
export const MAX_SALE_CENTS = 100_000_000;

export const SALE_AMOUNT_HELP = 'Optional: the sale in dollars, e.g. 45.50';
export const SALE_AMOUNT_ERROR = 'Enter the sale in dollars, e.g. 45.50 (at most $1,000,000)';

/**
 * The sale as typed, in dollars, to whole cents: '' -> undefined (no sale given); '45', '45.5',
 * '$45.50', '1,250.00' -> cents; anything else (letters, a third decimal, a negative, over the
 * ceiling) -> null. Read as text, never through binary floating point.
 */
export function saleCents(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (!match || (match[1] === undefined && !match[2])) return null;
  const dollars = Number((match[1] ?? '0').replaceAll(',', ''));
  const cents = dollars * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_SALE_CENTS ? cents : null;
}
