import { DomainError } from '@avpass/platform';
import { parse } from 'csv-parse/sync';

/** The columns an import reads, each under the header names it answers to (any case, spaces or _). */
const COLUMNS = {
  name: ['name', 'full name', 'fullname'],
  firstName: ['first name', 'firstname', 'given name'],
  lastName: ['last name', 'lastname', 'surname', 'family name'],
  email: ['email', 'e-mail', 'email address', 'e-mail address'],
  phone: ['phone', 'mobile', 'phone number', 'mobile phone', 'cell'],
  language: ['language', 'lang', 'preferred language'],
  tags: ['tags', 'tag'],
  birthDate: ['birth date', 'date of birth', 'birthdate'],
  emailConsent: ['email consent', 'e-mail consent', 'email opt in', 'email optin'],
  smsConsent: ['sms consent', 'sms opt in', 'sms optin'],
} as const;
export type ImportColumn = keyof typeof COLUMNS;

const HEADER_NAMES = new Map<string, ImportColumn>(
  Object.entries(COLUMNS).flatMap(([column, names]) => names.map((n) => [n, column as ImportColumn])),
);
const EXPECTED =
  'name (or first_name and last_name), email and/or phone, and optionally language, tags, birth_date, email_consent, sms_consent';

/** One data row: its spreadsheet row number (the header is row 1) and its cells by column. */
export interface CsvMemberRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
  /** Set when the row has another number of cells than the header. */
  cellCount: number;
}

export interface ParsedCsv {
  columns: ImportColumn[];
  rows: CsvMemberRow[];
}

const refuse = (message: string) => DomainError.validation(message, { file: [message] });

/** UTF-8 text of the file (a BOM dropped); 400 when it is not UTF-8. */
function textOf(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw refuse('The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again');
  }
}

/** The delimiter of the header line: a comma, or a semicolon or tab where the spreadsheet used one. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

/**
 * Reads a members CSV: the header's names matched in any case ("First Name", first_name), a BOM
 * dropped, the delimiter the header uses. Refuses the whole file (400, nothing imported) when it is
 * not CSV, has no header or an unknown or repeated column, lacks the name or e-mail/phone columns,
 * or holds more than `maxRows` rows. A row's problems are the import's to report, row by row.
 */
export function parseMembersCsv(file: Buffer, maxRows: number): ParsedCsv {
  const text = textOf(file);
  if (!text.trim()) throw refuse('The file is empty: the first line names the columns, e.g. ' + EXPECTED);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      to: maxRows + 2,
    }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw refuse(`The file is not valid CSV: ${detail}`);
  }
  const [header = [], ...data] = records;
  const columns = header.map((name, i) => {
    const key = name
      .trim()
      .toLowerCase()
      .replace(/[_\s]+/g, ' ');
    const column = HEADER_NAMES.get(key);
    if (!column) {
      throw refuse(
        `Unknown column "${name.trim().slice(0, 60)}" (column ${i + 1}). The columns are ${EXPECTED}`,
      );
    }
    return column;
  });
  const repeated = columns.find((c, i) => columns.indexOf(c) !== i);
  if (repeated) throw refuse(`The column ${repeated} appears twice in the header`);
  if (!columns.includes('name') && !columns.includes('firstName')) {
    throw refuse(`No name column: the columns are ${EXPECTED}`);
  }
  if (!columns.includes('email') && !columns.includes('phone')) {
    throw refuse(`No email or phone column: the columns are ${EXPECTED}`);
  }
  if (data.length > maxRows) {
    throw refuse(`More than ${maxRows.toLocaleString('en')} rows: split the file and import each part`);
  }
  return {
    columns,
    rows: data.map((cells, i) => ({
      row: i + 2,
      cellCount: cells.length,
      cells: Object.fromEntries(columns.map((column, c) => [column, cells[c] ?? ''])),
    })),
  };
}
