/** A piece of a WHERE clause with its `?` parameters, in order. */
export interface SqlClause {
  sql: string;
  params: unknown[];
}

/** Clauses joined with `and` (nulls skipped). */
export function allOf(...clauses: (SqlClause | null)[]): SqlClause {
  const present = clauses.filter((c): c is SqlClause => c !== null);
  if (!present.length) return { sql: 'true', params: [] };
  return { sql: present.map((c) => `(${c.sql})`).join(' and '), params: present.flatMap((c) => c.params) };
}

/** `a_b%` typed in a search box means those characters, not LIKE wildcards. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
