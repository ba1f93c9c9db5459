import { startOfBusinessDaySql } from '@avpass/domain';
import type { SqlTx } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** One economic event, as the ledger keeps it (amounts in cents; a reversal carries negative figures). */
export interface LedgerEntry {
  partnerId: string;
  kind: 'redemption' | 'redemption_cancel' | 'credit_charge' | 'credit_void' | 'merch_usage';
  sourceId: string;
  occurredAt: string;
  /** When the thing it reverses happened (a cancel's redemption); its own time otherwise. */
  originAt?: string;
  subjectType: 'batch' | 'voucher' | 'credit' | 'item';
  subjectId: string;
  label?: string;
  quantity: number;
  saleCents?: number | null;
  discountCents?: number;
  fundedBy?: 'club' | 'partner' | null;
  clubOwesCents?: number;
  partnerOwesCents?: number;
  withoutSaleAmount?: boolean;
  /** Take the label of this entry when the ledger has it (a cancel: its redemption's). */
  labelOf?: { kind: LedgerEntry['kind']; sourceId: string };
}

/** A partner's business days from..to ('YYYY-MM-DD', inclusive) in a time zone. */
export interface LedgerRange {
  partnerId: string;
  from: string;
  to: string;
  timeZone: string;
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * The ledger of one partner's range, summed by section and subject: THE definition of a statement's
 * lines, which the live preview reads and the issue freezes (so what the preview promised is what is
 * issued). The range is [start of `from`, start of the day after `to`) in the zone; a cancel or void
 * of something from before the range is an adjustment. Parameters: groupedLedgerParams(range).
 */
export const GROUPED_LEDGER_SQL = `with bounds as (select ${startOfBusinessDaySql('?::date')} as s, ${startOfBusinessDaySql('(?::date + 1)')} as e)
  select case when kind in ('redemption', 'redemption_cancel')
              then case when origin_at < bounds.s then 'adjustments' else 'vouchers' end
              when kind in ('credit_charge', 'credit_void') then 'credits' else 'merchandise' end as section,
         subject_type, subject_id, max(label) as label,
         sum(quantity)::int as quantity,
         (count(*) filter (where kind in ('redemption_cancel', 'credit_void')))::int as reversals,
         sum(coalesce(sale_cents, 0)) as sales, sum(discount_cents) as discount,
         sum(case when funded_by = 'partner' then discount_cents else 0 end) as partner_funded,
         sum(club_owes_cents) as club, sum(partner_owes_cents) as partner,
         coalesce(-sum(club_owes_cents) filter (where kind in ('redemption_cancel', 'credit_void')), 0) as reversed,
         sum(case when without_sale_amount then quantity else 0 end)::int as without_sale
    from statement_entries, bounds
   where partner_id = ? and occurred_at >= bounds.s and occurred_at < bounds.e
   group by 1, subject_type, subject_id`;
export const groupedLedgerParams = (r: LedgerRange) => [r.from, r.timeZone, r.to, r.timeZone, r.partnerId];
/**
 * Memory for one grouping of a partner's month, set in the transaction that groups it: the largest
 * partner's 32,000 rows are summed in a hash table instead of a sort spilled to disk (its preview's query
 * 58 ms -> 22 ms on the bench's 3,250,000 rows; decision 288). PostgreSQL's default is 4 MB.
 */
export const GROUPING_WORK_MEM_SQL = `set local work_mem = '16MB'`;
/** A section's lines in statement order: the most owed first. */
export const LINE_ORDER = `club desc, partner desc, subject_id`;
export const SECTION_ORDER = `array_position(array['vouchers', 'adjustments', 'credits', 'merchandise']::text[], section)`;

/** One grouped line, as summed (bigint sums arrive as text). */
export interface GroupedLine {
  section: 'vouchers' | 'adjustments' | 'credits' | 'merchandise';
  subject_type: string;
  subject_id: string;
  label: string;
  quantity: number;
  reversals: number;
  sales: string;
  discount: string;
  partner_funded: string;
  club: string;
  partner: string;
  reversed: string;
  without_sale: number;
}

/** A section's sums over all its lines, and how many lines it has. */
export interface SectionSums {
  lines: number;
  quantity: number;
  reversals: number;
  salesCents: number;
  discountCents: number;
  partnerFundedCents: number;
  clubOwesCents: number;
  partnerOwesCents: number;
  reversedCents: number;
  withoutSaleAmount: number;
}

/** The statements' ledger (`statement_entries`): written by the event subscribers, summed by range. */
@Injectable()
export class StatementEntriesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records entries, each once, in one statement (none: no statement): a redelivered event (same kind
   * and source) changes nothing.
   */
  async recordMany(tx: SqlTx, entries: readonly LedgerEntry[]): Promise<void> {
    if (!entries.length) return;
    await tx.execute(
      `insert into statement_entries (partner_id, kind, source_id, occurred_at, origin_at, subject_type, subject_id,
         label, quantity, sale_cents, discount_cents, funded_by, club_owes_cents, partner_owes_cents, without_sale_amount)
       values ${entries
         .map(
           () => `(?, ?, ?, ?, ?, ?, ?,
               coalesce((select label from statement_entries where kind = ? and source_id = ?), ?),
               ?, ?, ?, ?, ?, ?, ?)`,
         )
         .join(', ')}
       on conflict (kind, source_id) do nothing`,
      entries.flatMap((e) => [
        e.partnerId,
        e.kind,
        e.sourceId,
        e.occurredAt,
        e.originAt ?? e.occurredAt,
        e.subjectType,
        e.subjectId,
        e.labelOf?.kind ?? null,
        e.labelOf?.sourceId ?? null,
        e.label ?? '',
        e.quantity,
        e.saleCents ?? null,
        e.discountCents ?? 0,
        e.fundedBy ?? null,
        e.clubOwesCents ?? 0,
        e.partnerOwesCents ?? 0,
        e.withoutSaleAmount ?? false,
      ]),
    );
  }

  /**
   * Each section's sums over the range (a section without rows is absent) and its first `limit` lines in
   * statement order, from one pass over the partner's rows: every line carries its section's sums.
   */
  async summary(
    r: LedgerRange,
    limit: number,
  ): Promise<{
    sums: Map<GroupedLine['section'], SectionSums>;
    lines: Map<GroupedLine['section'], GroupedLine[]>;
  }> {
    const rows: (GroupedLine & Record<`s_${string}`, string>)[] = await this.em.transactional(async (tx) => {
      await tx.execute(GROUPING_WORK_MEM_SQL);
      return tx.execute(
        `select * from (
         select g.*, row_number() over (partition by section order by ${LINE_ORDER}) as rank,
                count(*) over w as s_lines, sum(quantity) over w as s_quantity, sum(reversals) over w as s_reversals,
                sum(sales) over w as s_sales, sum(discount) over w as s_discount,
                sum(partner_funded) over w as s_partner_funded, sum(club) over w as s_club,
                sum(partner) over w as s_partner, sum(reversed) over w as s_reversed,
                sum(without_sale) over w as s_without_sale
           from (${GROUPED_LEDGER_SQL}) g
         window w as (partition by section)) ranked
        where rank <= ? order by section, rank`,
        [...groupedLedgerParams(r), limit],
      );
    });
    const sums = new Map<GroupedLine['section'], SectionSums>();
    const lines = new Map<GroupedLine['section'], GroupedLine[]>();
    for (const row of rows) {
      if (!sums.has(row.section))
        sums.set(row.section, {
          lines: n(row.s_lines),
          quantity: n(row.s_quantity),
          reversals: n(row.s_reversals),
          salesCents: n(row.s_sales),
          discountCents: n(row.s_discount),
          partnerFundedCents: n(row.s_partner_funded),
          clubOwesCents: n(row.s_club),
          partnerOwesCents: n(row.s_partner),
          reversedCents: n(row.s_reversed),
          withoutSaleAmount: n(row.s_without_sale),
        });
      const section = lines.get(row.section) ?? [];
      section.push(row);
      lines.set(row.section, section);
    }
    return { sums, lines };
  }

  /** Up to `limit` partners with ledger rows in the business days from..to, after `after` by id. */
  async partnersWithRows(
    period: { from: string; to: string; timeZone: string },
    after: string | null,
    limit: number,
  ): Promise<string[]> {
    const rows: { partner_id: string }[] = await this.em.execute(
      `select distinct partner_id from statement_entries
        where occurred_at >= ${startOfBusinessDaySql('?::date')}
          and occurred_at < ${startOfBusinessDaySql('(?::date + 1)')}
          and partner_id > ?::uuid
        order by partner_id limit ?`,
      [
        period.from,
        period.timeZone,
        period.to,
        period.timeZone,
        after ?? '00000000-0000-0000-0000-000000000000',
        limit,
      ],
    );
    return rows.map((row) => row.partner_id);
  }
}
