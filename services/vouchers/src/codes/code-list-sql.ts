import type { CodeSort } from '@avpass/contracts';
import { UNLIMITED_USAGE_LIMIT, type VoucherStatus } from '@avpass/domain';
import type { KeysetList, SqlClause } from '@avpass/platform';

/**
 * A code's status as a WHERE clause on qr_codes (`alias`): the same precedence as libs/domain's
 * voucherStatus (inactive, then used up, then expired, then upcoming, then active), with the
 * business day `today` ('YYYY-MM-DD' in BUSINESS_TIMEZONE) standing for "now": a date-only expiry
 * runs through its day (expired when before today), a date-only start begins with its day (upcoming
 * when after today). test/code-list.test.ts checks each filter against the status the list shows.
 * "Used up" is membership of used_up_codes (vouchers migration 20261211: kept by triggers on exactly
 * this condition; usage_count is in no index, so a redeem stays a heap-only update); a used-up page is
 * read along that table's own sort indexes (USED_UP_CODE_LIST). gateway/test/code-filters.test.ts
 * checks the table and the condition agree.
 */
export function codeStatusSql(status: VoucherStatus, today: string, alias = 'q'): SqlClause {
  const unlimited = UNLIMITED_USAGE_LIMIT;
  const usedUp = `(${alias}.usage_limit <> ? and ${alias}.usage_count >= ${alias}.usage_limit)`;
  const expired = `(${alias}.expiration_date is not null and ${alias}.expiration_date < ?::date)`;
  const upcoming = `(${alias}.start_date is not null and ${alias}.start_date > ?::date)`;
  switch (status) {
    case 'inactive':
      return { sql: `not ${alias}.is_active`, params: [] };
    case 'used_up':
      return {
        sql: `exists (select 1 from used_up_codes uu where uu.qr_code_id = ${alias}.id)`,
        params: [],
      };
    case 'expired':
      return { sql: `${alias}.is_active and not ${usedUp} and ${expired}`, params: [unlimited, today] };
    case 'upcoming':
      return {
        sql: `${alias}.is_active and not ${usedUp} and not ${expired} and ${upcoming}`,
        params: [unlimited, today, today],
      };
    case 'active':
      return {
        sql: `${alias}.is_active and not ${usedUp} and not ${expired} and not ${upcoming}`,
        params: [unlimited, today, today],
      };
  }
}

/**
 * The codes list's sorts (decision 191): creation time either way with the plain cursor, or the indexed
 * expression each sort reads along (vouchers migration 20261208), the id breaking ties. A missing expiry
 * sorts as 'infinity' (last when soonest first).
 */
export const CODE_LIST: KeysetList<CodeSort> = {
  id: 'q.id',
  sorts: {
    createdAt: { expression: 'q.created_at', type: 'timestamptz' },
    name: { expression: 'lower(q.clinic_name)', type: 'text' },
    usageCount: { expression: 'q.usage_count', type: 'int' },
    expiresAt: { expression: "coalesce(q.expiration_date, 'infinity'::date)", type: 'date' },
  },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 'q.created_at', orders: 'either-way' },
};

/**
 * The usage sort read along code_usage (alias `cu`, vouchers migration 20261213: a copy of each code's
 * usage_count, indexed with the id, kept by triggers; qr_codes.usage_count is in no index, so a redeem
 * stays a heap-only update). The same values as CODE_LIST's usageCount, so the cursors are the same.
 */
export const CODE_USAGE_LIST: KeysetList<CodeSort> = {
  ...CODE_LIST,
  id: 'cu.code_id',
  sorts: { ...CODE_LIST.sorts, usageCount: { expression: 'cu.usage_count', type: 'int' } },
};

/**
 * The same sort keys as copied into used_up_codes (alias `u`, migration 20261211), each indexed with
 * the id: the same values as CODE_LIST's (its created_at is the code's), so a cursor of one list
 * serves the other.
 */
export const USED_UP_CODE_LIST: KeysetList<CodeSort> = {
  id: 'u.qr_code_id',
  sorts: {
    createdAt: { expression: 'u.created_at', type: 'timestamptz' },
    name: { expression: 'u.name_key', type: 'text' },
    usageCount: { expression: 'u.usage_count', type: 'int' },
    expiresAt: { expression: 'u.expiry_key', type: 'date' },
  },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 'u.created_at', orders: 'either-way' },
};
