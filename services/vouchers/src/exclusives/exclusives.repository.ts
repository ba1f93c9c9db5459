import { allOf, keysetOrder, type KeysetList, type SqlClause } from '@avpass/platform';
import type { ExclusiveCounts, ExclusiveFilter, ExclusiveSort, SortOrder } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { QrCode, type KeysetPage, assignedToSql, codeSearchSql } from '../codes';

/** The business day the tabs compare with (computed by the service in BUSINESS_TIMEZONE). */
export interface ExclusiveDay {
  today: string;
}

/** Each tab's condition on an exclusive row `q` (§4: Expired first, then Redeemed, else Active). */
function tabSql(filter: ExclusiveFilter, { today }: ExclusiveDay): SqlClause | null {
  const notExpired = '(q.expiration_date is null or q.expiration_date >= ?::date)';
  const notUsedUp = '(q.usage_limit = 999999 or q.usage_count < q.usage_limit)';
  switch (filter) {
    case 'all':
      return null;
    case 'active':
      // Not one whose start is still to come (issue 24: its status is upcoming, not active).
      return {
        sql: `${notExpired} and ${notUsedUp} and (q.start_date is null or q.start_date <= ?::date)`,
        params: [today, today],
      };
    case 'expired':
      return { sql: 'q.expiration_date < ?::date', params: [today] };
    case 'upcoming':
      return { sql: 'q.exclusive_event_date >= ?::date', params: [today] };
    case 'training':
      return { sql: `q.exclusive_type = 'training_session'`, params: [] };
    case 'raffles':
      return { sql: `q.exclusive_type = 'raffle_prize'`, params: [] };
    case 'events':
      return { sql: `q.exclusive_type = 'special_event'`, params: [] };
    case 'discounts':
      return { sql: `q.exclusive_type = 'exclusive_discount'`, params: [] };
  }
}

const EXCLUSIVES_ONLY: SqlClause = { sql: 'q.is_project_rooted_exclusive', params: [] };

/** The table's search and partner (issue 27), the same for the page and every tab's count. */
export interface ExclusiveNarrowing {
  search?: string | undefined;
  partnerId?: string | undefined;
}

function narrowingSql(narrowing: ExclusiveNarrowing): SqlClause {
  const partner = narrowing.partnerId ? partnerSql(narrowing.partnerId) : null;
  return allOf(EXCLUSIVES_ONLY, codeSearchSql(narrowing.search), partner);
}

/** Made for the partner (its vendor) or assigned to it, as the trainer table's partner filter. */
function partnerSql(partnerId: string): SqlClause {
  const assigned = assignedToSql(partnerId);
  return { sql: `(q.vendor_id = ? or ${assigned.sql})`, params: [partnerId, ...assigned.params] };
}

/**
 * The table's sorts (decision 191): creation time either way with the plain cursor, or the expression
 * each reads along (title and expiry: vouchers migration 20261212's partial indexes; usage has none, so
 * a redeem stays a heap-only update).
 */
const EXCLUSIVE_LIST: KeysetList<ExclusiveSort> = {
  id: 'q.id',
  sorts: {
    createdAt: { expression: 'q.created_at', type: 'timestamptz' },
    title: { expression: 'lower(q.service)', type: 'text' },
    expiresAt: { expression: "coalesce(q.expiration_date, 'infinity'::date)", type: 'date' },
    usageCount: { expression: 'q.usage_count', type: 'int' },
  },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 'q.created_at', orders: 'either-way' },
};

/**
 * Exclusives are rows of qr_codes flagged is_project_rooted_exclusive. Every read here carries that
 * flag, so PostgreSQL uses the partial indexes of migrations/0006-exclusives (never the million
 * ordinary codes), and an ordinary code can never appear in the list.
 */
@Injectable()
export class ExclusivesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One page of the tab by keyset: newest first (qr_codes_exclusives_index) unless the table sorts by
   * title, expiry or usage, the id breaking ties (a cursor of another sort is a 400); narrowed by the
   * search and the partner.
   */
  async page(
    filter: ExclusiveFilter,
    day: ExclusiveDay,
    window: { limit: number; offset: number; cursor?: string | undefined },
    narrowing: ExclusiveNarrowing = {},
    sort?: { sort: ExclusiveSort; order: SortOrder },
  ): Promise<KeysetPage<QrCode>> {
    const keyset = keysetOrder(EXCLUSIVE_LIST, { ...sort, cursor: window.cursor });
    const where = allOf(narrowingSql(narrowing), tabSql(filter, day), keyset.after);
    type Row = Record<string, unknown> & { cursor_at: string; id: string; sort_value: string | null };
    const rows: Row[] = await this.em.execute(
      `select q.*, ${keyset.keyColumns}
         from qr_codes q where ${where.sql}
        order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, window.limit, window.cursor ? 0 : window.offset],
    );
    return {
      rows: rows.map(({ cursor_at: _at, sort_value: _value, partner_ids: _partners, ...row }) =>
        this.em.map(QrCode, row),
      ),
      nextCursor: keyset.next(rows, window.limit),
    };
  }

  /**
   * Every tab's count in one scan of the exclusives' partial index (a few thousand rows), narrowed by
   * the same search and partner as the page, so a tab's count is its total.
   */
  async counts(day: ExclusiveDay, narrowing: ExclusiveNarrowing = {}): Promise<ExclusiveCounts> {
    const tabs = (
      ['active', 'upcoming', 'expired', 'training', 'raffles', 'events', 'discounts'] as const
    ).map((f) => [f, tabSql(f, day)!] as const);
    const where = narrowingSql(narrowing);
    const [row] = (await this.em.execute(
      `select count(*)::int as "all", ${tabs.map(([f, c]) => `count(*) filter (where ${c.sql})::int as "${f}"`).join(', ')}
         from qr_codes q where ${where.sql}`,
      [...tabs.flatMap(([, c]) => c.params), ...where.params],
    )) as [ExclusiveCounts];
    return row;
  }
}
