// The piece of SQL that writes a voucher's member copies for another folder's statement: codes/ owns
// qr_codes (tables.ts); holders/ makes a chunk of copies and what follows from them in one statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import { QrCode } from './qr-code.entity';

/**
 * The codes as rows under the entity's column names (every persisted scalar: what `insertMany` wrote),
 * for `insertCodesSql`'s JSON parameter.
 */
export function codeRows(em: EntityManager, codes: readonly QrCode[]): { columns: string[]; rows: object[] } {
  const meta = em.getMetadata().get(QrCode.name);
  const props = meta.props.filter((p) => p.persist !== false && p.fieldNames?.length === 1);
  const columns = props.map((p) => p.fieldNames[0]!);
  const rows = codes.map((code) => {
    const row: Record<string, unknown> = {};
    props.forEach((p, i) => (row[columns[i]!] = (code as unknown as Record<string, unknown>)[p.name]));
    return row;
  });
  return { columns, rows };
}

/**
 * Inserts `codeRows`' rows in their order, each listing the partners `?` (a uuid[]: sorted, once each,
 * as an assignment leaves partner_ids) at `?` (the version); a row that meets a unique index (a
 * member's copy made meanwhile: qr_codes_issued_unique) is skipped. `?` last: the rows' JSON.
 * Returns every column of the rows made.
 */
export const insertCodesSql = (columns: readonly string[]): string => {
  const list = columns.map((c) => `"${c}"`).join(', ');
  return `insert into qr_codes (${list}, partner_ids, version)
       select ${columns.map((c) => `r."${c}"`).join(', ')},
              (select coalesce(array_agg(distinct p order by p), '{}') from unnest(?::uuid[]) as p), ?::bigint
         from json_populate_recordset(null::qr_codes, ?::json) with ordinality as r
        order by r.ordinality
       on conflict do nothing
       returning *`;
};
