import { DomainError } from '@avpass/platform';

/**
 * The partners page's cursor: the last row's (created_at, id), the timestamp as PostgreSQL prints it
 * (microseconds survive), as opaque base64url — the same shape as the vouchers lists' cursors.
 */
export interface CompanySortKey {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function encodeCompanyCursor(key: CompanySortKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');
}

export function decodeCompanyCursor(cursor: string): CompanySortKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !TIMESTAMP.test(parsed[0]) ||
    !UUID.test(parsed[1])
  ) {
    const message = 'cursor is not valid; start again from the first page';
    throw DomainError.validation(message, { cursor: [message] });
  }
  return { at: parsed[0], id: parsed[1] };
}

/** `a_b%` typed in the search box means those characters, not LIKE wildcards. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
