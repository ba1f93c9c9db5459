/** A piece of a WHERE clause with its `?` parameters, in order. */
export interface SqlClause {
  sql: string;
  params: unknown[];
}

/**
 * Clauses joined with `and`. Nulls and `true` are skipped, so that no filter at all reads `true`:
 * callers test for it (the administrator's unfiltered list takes a faster path).
 */
export function allOf(...clauses: (SqlClause | null)[]): SqlClause {
  const present = clauses.filter((c): c is SqlClause => c !== null && c.sql !== 'true');
  if (!present.length) return { sql: 'true', params: [] };
  return { sql: present.map((c) => `(${c.sql})`).join(' and '), params: present.flatMap((c) => c.params) };
}

/** `a_b%` typed in a search box means those characters, not LIKE wildcards. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A PostgreSQL array literal for one `?::uuid[]` (or `int[]`) parameter: `= any(?)` instead of an IN list. */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}
