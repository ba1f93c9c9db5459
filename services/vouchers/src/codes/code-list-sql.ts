import type { CodeSort, SortOrder } from '@avpass/contracts';
import { UNLIMITED_USAGE_LIMIT, type VoucherStatus } from '@avpass/domain';
import type { SortColumn, SqlClause } from '@avpass/platform';

/**
 * A code's status as a WHERE clause on qr_codes (`alias`): the same precedence as libs/domain's
 * voucherStatus (inactive, then used up, then expired, then upcoming, then active), with the
 * business day `today` ('YYYY-MM-DD' in BUSINESS_TIMEZONE) standing for "now": a date-only expiry
 * runs through its day (expired when before today), a date-only start begins with its day (upcoming
 * when after today). test/code-list.test.ts checks each filter against the status the list shows.
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
      return { sql: `${alias}.is_active and ${usedUp}`, params: [unlimited] };
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
 * The indexed expression each sort of the codes list reads along (vouchers migration 20261208); the
 * id breaks ties. A missing expiry sorts as 'infinity' (last when soonest first).
 */
const SORT_EXPRESSIONS: Readonly<Record<Exclude<CodeSort, 'createdAt'>, Omit<SortColumn, 'sort' | 'order'>>> =
  {
    name: { expression: 'lower(q.clinic_name)', type: 'text' },
    usageCount: { expression: 'q.usage_count', type: 'int' },
    expiresAt: { expression: "coalesce(q.expiration_date, 'infinity'::date)", type: 'date' },
  };

export function codeSortColumn(sort: Exclude<CodeSort, 'createdAt'>, order: SortOrder): SortColumn {
  return { sort, order, ...SORT_EXPRESSIONS[sort] };
}
