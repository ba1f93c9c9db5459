/**
 * CSV as RFC 4180 writes it: CRLF line ends; a cell holding a comma, a double quote or a line break is
 * quoted, its quotes doubled. A text cell a spreadsheet would read as a formula (starting with =, +, -,
 * @, or a tab or carriage return that hides one) gets a leading apostrophe, so a name cannot run a
 * formula (OWASP "CSV injection").
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
