/** At most this many dots: the length in brackets says the rest. */
const MAX_DOTS = 32;

/**
 * How an identifier that names no account is kept in an audit entry: its first character and its
 * length, `p•••••••• (9)`. Such a "username" is often a password typed into the wrong box; the audit
 * trail is kept 400 days and cannot be edited, so it never holds one in clear.
 */
export function maskIdentifier(identifier: string): string {
  const characters = Array.from(identifier.trim());
  if (characters.length === 0) return '(0)';
  const dots = '•'.repeat(Math.min(MAX_DOTS, characters.length - 1));
  return `${characters[0]}${dots} (${characters.length})`;
}
