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
