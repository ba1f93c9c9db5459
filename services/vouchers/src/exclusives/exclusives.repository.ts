import { allOf, type SqlClause, afterCursorSql, nextCursor } from '@avpass/platform';
import type { ExclusiveCounts, ExclusiveFilter } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { QrCode } from '../codes/qr-code.entity';
import type { KeysetPage } from '../codes/qr-codes.repository';

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

/**
 * Exclusives are rows of qr_codes flagged is_project_rooted_exclusive. Every read here carries that
 * flag, so PostgreSQL uses the partial indexes of migration-20261127-exclusives (never the million
 * ordinary codes), and an ordinary code can never appear in the list.
 */
@Injectable()
export class ExclusivesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Newest first, one page of the tab by keyset. */
  async page(
    filter: ExclusiveFilter,
    day: ExclusiveDay,
    window: { limit: number; offset: number; cursor?: string | undefined },
  ): Promise<KeysetPage<QrCode>> {
    const where = allOf(
      EXCLUSIVES_ONLY,
      tabSql(filter, day),
      afterCursorSql(window.cursor, 'q.created_at', 'q.id', 'desc'),
    );
    const rows: (Record<string, unknown> & { cursor_at: string; id: string })[] = await this.em.execute(
      `select q.*, q.created_at::text as cursor_at from qr_codes q where ${where.sql}
        order by q.created_at desc, q.id desc limit ? offset ?`,
      [...where.params, window.limit, window.cursor ? 0 : window.offset],
    );
    return {
      rows: rows.map(({ cursor_at: _at, partner_ids: _partners, ...row }) => this.em.map(QrCode, row)),
      nextCursor: nextCursor(rows, window.limit),
    };
  }

  /** Every tab's count in one index-only scan of the exclusives' partial index. */
  async counts(day: ExclusiveDay): Promise<ExclusiveCounts> {
    const tabs = (
      ['active', 'upcoming', 'expired', 'training', 'raffles', 'events', 'discounts'] as const
    ).map((f) => [f, tabSql(f, day)!] as const);
    const [row] = (await this.em.execute(
      `select count(*)::int as "all", ${tabs.map(([f, c]) => `count(*) filter (where ${c.sql})::int as "${f}"`).join(', ')}
         from qr_codes q where ${EXCLUSIVES_ONLY.sql}`,
      tabs.flatMap(([, c]) => c.params),
    )) as [ExclusiveCounts];
    return row;
  }

  add(tx: EntityManager, code: QrCode): void {
    tx.persist(code);
  }
}
