import type { VoucherSnapshot } from '@avpass/contracts';
import { executeBound, pgArray } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { FORGET_PARTNER_SQL, refreshPartnerIdsSql } from '../codes';
import { clubWideSql, searchTextOf } from '../codes';
import { PLATFORM_SCOPE, REBUILD_TALLIES_SQL } from './tallies-sql.repository';

/** A qr_codes row's voucher state as RETURNING reads it (voucherSnapshot of the events). */
export const SNAPSHOT_COLUMNS = `id as "qrCodeId", to_char(expiration_date, 'YYYY-MM-DD') as "expirationDate",
  usage_count as "usageCount", usage_limit as "usageLimit", is_active as "isActive", version`;
export interface SnapshotRow extends Omit<VoucherSnapshot, 'version'> {
  /** bigint: a string from the driver. */
  version: string | number;
}
export const toSnapshot = (row: SnapshotRow): VoucherSnapshot => ({ ...row, version: Number(row.version) });

/** What the tallies need of a new code. */
export interface NewCode {
  createdAt: Date;
  clinicName: string;
  service: string;
  customTitle?: string | null;
  batchName?: string | null;
}

/** A PostgreSQL array literal of ids or numbers (the query builder would expand a JS array into a list). */

/** The figures a dashboard polls, read from the tallies (a few rows each, whatever the data's size). */
export interface ScopeCounts {
  codes: number;
  redemptions: number;
  today: number;
  /** Facilities (clinic names) with at least one redemption. */
  locations: number;
  /** Partners with at least one assigned code (platform scope only; 0 for a partner). */
  partners: number;
}

/** The pending_tallies rows a scope counts: all for the platform, a partner's those listing it. */
const PENDING_OF_SCOPE = `pending_tallies where ?::uuid = '${PLATFORM_SCOPE}' or ?::uuid = any(partner_ids)`;

/** A sum over the pending rows in `rows`' scope (`delta`: +1 a redeem, -1 a cancel). */
const PENDING_SUM = 'coalesce(sum(delta), 0)';

/**
 * The dashboards' tallies: code_tallies, redemption_tallies (per business day), location_tallies
 * (per facility) and batch_tallies, for the platform (PLATFORM_SCOPE) and each partner, and the
 * trainer codes' trainer_day_tallies. The redeem statement queues its own as one pending_tallies row
 * with delta +1 (RedemptionsRepository), a cancel its own with delta -1 (CancelRepository); `fold`
 * moves them into the tallies moments later, adding the signed deltas; every read adds the deltas
 * still pending, so a figure is exact at every instant. Every other change calls in here inside its transaction, after locking the code row;
 * all of them (and the fold) take tally rows table by table in key order, so they never deadlock.
 * A redemption counts +1 (queued) for the scopes its code had when it was redeemed, and each later
 * assignment change or delete moves every completed redemption of the code (pending or folded
 * alike), so the sum is the same whichever comes first; its cancel counts -1 for the scopes the code
 * has when it is cancelled (read under the code's row lock, as the moves are), so a cancelled
 * redemption counts nowhere. `npm run stats:rebuild` recomputes all of it from the completed rows.
 */
@Injectable()
export class TalliesRepository {
  constructor(private readonly em: EntityManager) {}

  /** New codes (one or a whole batch), not yet flushed in `tx`: counted, by day made and by search text. */
  async codesCreated(tx: EntityManager, codes: readonly NewCode[]): Promise<void> {
    if (!codes.length) return;
    await this.addCodes(tx, [PLATFORM_SCOPE], codes.length);
    const rows = JSON.stringify(
      codes.map((c) => ({
        created_at: c.createdAt.toISOString(),
        clinic_name: c.clinicName,
        service: c.service,
        custom_title: c.customTitle ?? null,
        batch_name: c.batchName ?? null,
      })),
    );
    const recordset = `json_to_recordset(?::json) as x(created_at timestamptz, clinic_name text, service text,
                                                        custom_title text, batch_name text)`;
    // A chunk's JSON as a parameter, not formatted into the text (executeBound, decision 346).
    await executeBound(
      tx,
      `insert into code_day_tallies (day, codes)
       select (x.created_at at time zone 'UTC')::date, count(*) from ${recordset} group by 1 order by 1
       on conflict (day) do update set codes = code_day_tallies.codes + excluded.codes`,
      [rows],
    );
    await executeBound(
      tx,
      `insert into code_search_tallies (search_text, codes)
       select ${searchTextOf('x')}, count(*) from ${recordset} group by 1 order by 1
       on conflict (search_text) do update set codes = code_search_tallies.codes + excluded.codes`,
      [rows],
    );
  }

  /**
   * A bulk batch's codes, inserted set-based in `tx` (QrCodesRepository.insertCopies): counted, and
   * by day made and by search text read back from the rows themselves, so a batch that straddles
   * midnight or differs from its template in any searched field still adds up.
   */
  async batchCodesCreated(
    tx: EntityManager,
    batchId: string,
    count: number,
    /** The partners every code of the batch was assigned to as it was made (a partner's batch). */
    partnerIds: readonly string[] = [],
  ): Promise<void> {
    if (count <= 0) return;
    // Key order, as every tally writer takes its rows (PLATFORM_SCOPE is the zero uuid: first).
    await this.addCodes(tx, [PLATFORM_SCOPE, ...[...partnerIds].sort()], count);
    // A chunk's JSON as a parameter, not formatted into the text (executeBound, decision 346).
    await executeBound(
      tx,
      `insert into code_day_tallies (day, codes)
       select (q.created_at at time zone 'UTC')::date, count(*) from qr_codes q where q.batch_id = ?
        group by 1 order by 1
       on conflict (day) do update set codes = code_day_tallies.codes + excluded.codes`,
      [batchId],
    );
    await executeBound(
      tx,
      `insert into code_search_tallies (search_text, codes)
       select ${searchTextOf('q')}, count(*) from qr_codes q where q.batch_id = ? group by 1 order by 1
       on conflict (search_text) do update set codes = code_search_tallies.codes + excluded.codes`,
      [batchId],
    );
  }

  /** How many codes' search text (codeSearchText) is `like` the pattern: the administrator's search total. */
  async searchCount(pattern: string): Promise<number> {
    const [row] = (await this.em.execute(
      'select coalesce(sum(codes), 0)::int as n from code_search_tallies where search_text like lower(?)',
      [pattern],
    )) as [{ n: number }];
    return row.n;
  }

  /**
   * After the code's qr_code_partners rows changed in `tx`: refreshes the code row's partner_ids
   * (locking the row, so no redeem of it runs meanwhile) and moves the code and its redemptions
   * into (or out of) the partners' tallies. Resolves to the code's state as that update left it, with
   * its new version (what the voucher events carry); null when nothing changed or there is no code.
   */
  async assignmentsChanged(
    tx: EntityManager,
    codeId: string,
    added: string[],
    removed: string[],
    timeZone: string,
  ): Promise<VoucherSnapshot | null> {
    if (!added.length && !removed.length) return null;
    const before: { club_wide: boolean }[] = await tx.execute(
      `select ${clubWideSql('q')} as club_wide from qr_codes q where q.id = ? for update`,
      [codeId],
    );
    const rows: (SnapshotRow & { club_wide: boolean })[] = await tx.execute(
      refreshPartnerIdsSql(`${SNAPSHOT_COLUMNS}, ${clubWideSql('q')} as club_wide`),
      [codeId, codeId],
    );
    const deltas = [...added.map((id) => [id, 1] as const), ...removed.map((id) => [id, -1] as const)].sort(
      ([a], [b]) => a.localeCompare(b),
    );
    const row = rows[0];
    // A club-wide code's till redemptions counted where they were made; once it is assigned they
    // count for its partners instead (and back again when its last assignment ends).
    const clubWide = row ? Number(row.club_wide) - Number(before[0]?.club_wide ?? false) : 0;
    await this.moveCode(tx, codeId, deltas, timeZone, clubWide as -1 | 0 | 1);
    return row ? toSnapshot(row) : null;
  }

  /** Before the code is deleted in `tx`: it and its redemptions leave every tally. */
  async codeDeleted(tx: EntityManager, codeId: string, timeZone: string): Promise<void> {
    const rows: { partner_ids: string[]; club_wide: boolean }[] = await tx.execute(
      `select partner_ids, ${clubWideSql('q')} as club_wide from qr_codes q where id = ? for update`,
      [codeId],
    );
    const row = rows[0];
    if (!row) return;
    const scopes = [PLATFORM_SCOPE, ...[...row.partner_ids].sort()].map((id) => [id, -1] as const);
    await this.moveCode(tx, codeId, scopes, timeZone, row.club_wide ? -1 : 0);
    await tx.execute(
      `insert into batch_tallies (batch_id, shard, redeemed)
       select batch_id, 0, -usage_count from qr_codes where id = ? and batch_id is not null and usage_count > 0
       on conflict (batch_id, shard) do update set redeemed = batch_tallies.redeemed + excluded.redeemed`,
      [codeId],
    );
    await tx.execute(
      `update code_day_tallies set codes = codes - 1
        where day = (select (created_at at time zone 'UTC')::date from qr_codes where id = ?)`,
      [codeId],
    );
    await tx.execute(
      `update code_search_tallies set codes = codes - 1
        where search_text = (select ${searchTextOf('q')} from qr_codes q where q.id = ?)`,
      [codeId],
    );
  }

  /**
   * The partner was deleted: its codes forget it and its tallies go (its assignments go in `tx` too).
   * In this order: the codes first (waiting for any redeem of them, whose queued row then lists the
   * partner), then its queued rows (waiting for a fold that took some of them, which writes the
   * partner's tallies when it commits), and only then its tallies, which by now hold all of it.
   */
  async partnerDeleted(tx: EntityManager, partnerId: string): Promise<void> {
    await tx.execute(FORGET_PARTNER_SQL, [partnerId, partnerId, partnerId]);
    await tx.execute(
      'update pending_tallies set partner_ids = array_remove(partner_ids, ?::uuid) where ?::uuid = any(partner_ids)',
      [partnerId, partnerId],
    );
    await tx.execute('delete from code_tallies where scope_id = ?', [partnerId]);
    await tx.execute('delete from redemption_tallies where scope_id = ?', [partnerId]);
    await tx.execute('delete from location_tallies where partner_id = ?', [partnerId]);
  }

  /** The figures of one scope (PLATFORM_SCOPE or a partner's id); `today` is 'YYYY-MM-DD'. */
  async scopeCounts(scopeId: string, today: string): Promise<ScopeCounts> {
    const [row] = (await this.em.execute(
      `with pending as (select day, clinic_name, delta from ${PENDING_OF_SCOPE})
       select (select coalesce(sum(codes), 0) from code_tallies where scope_id = ?)::int as codes,
              ((select coalesce(sum(redemptions), 0) from redemption_tallies where scope_id = ?)
                + (select ${PENDING_SUM} from pending))::int as redemptions,
              ((select coalesce(sum(redemptions), 0) from redemption_tallies where scope_id = ? and day = ?::date)
                + (select ${PENDING_SUM} from pending where day = ?::date))::int as today,
              (select count(*) from (select clinic_name
                                       from (select clinic_name, redemptions as n from location_tallies where partner_id = ?
                                             union all select clinic_name, delta from pending) l
                                      group by clinic_name having sum(n) > 0) l)::int as locations,
              (case when ?::uuid = '${PLATFORM_SCOPE}'
                    then (select count(*) from code_tallies where scope_id <> ? and codes > 0) else 0 end)::int as partners`,
      [scopeId, scopeId, scopeId, scopeId, scopeId, today, today, scopeId, scopeId, PLATFORM_SCOPE],
    )) as [ScopeCounts];
    return row;
  }

  /** How many codes the scope has (all of them for the platform, a partner's assigned ones). */
  async codeCount(scopeId: string | null): Promise<number> {
    if (!scopeId) return 0;
    const [row] = (await this.em.execute(
      'select coalesce(sum(codes), 0)::int as n from code_tallies where scope_id = ?',
      [scopeId],
    )) as [{ n: number }];
    return row.n;
  }

  /** How many redemptions the scope has. */
  async redemptionCount(scopeId: string | null): Promise<number> {
    if (!scopeId) return 0;
    const [row] = (await this.em.execute(
      `select ((select coalesce(sum(redemptions), 0) from redemption_tallies where scope_id = ?)
                + (select ${PENDING_SUM} from ${PENDING_OF_SCOPE}))::int as n`,
      [scopeId, scopeId, scopeId],
    )) as [{ n: number }];
    return row.n;
  }

  /** Redemptions of each batch, by id. */
  async batchRedeemed(batchIds: string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (!batchIds.length) return result;
    const rows: { batch_id: string; redeemed: string }[] = await this.em.execute(
      `select batch_id, sum(redeemed) as redeemed
         from (select batch_id, redeemed from batch_tallies where batch_id = any(?::uuid[])
               union all select batch_id, delta from pending_tallies where batch_id = any(?::uuid[])) t
        group by batch_id`,
      [pgArray(batchIds), pgArray(batchIds)],
    );
    for (const row of rows) result.set(row.batch_id, Number(row.redeemed));
    return result;
  }

  /** Recomputes every tally from the rows (`npm run stats:rebuild`); idempotent. */
  async rebuild(timeZone: string): Promise<void> {
    await this.em.transactional(async (tx) => {
      for (const sql of REBUILD_TALLIES_SQL) {
        const uses = sql.split('$1').length - 1;
        await tx.execute(sql.replaceAll('$1', '?'), Array<string>(uses).fill(timeZone));
      }
    });
  }

  /**
   * The code and its completed redemptions (a cancelled one counts nowhere), times `sign`, into each
   * scope's tallies (scopes sorted by id). usage_count is the number of completed redemptions (a cancel
   * gives its use back in the same statement). `tillSign` also moves the code's till redemptions,
   * each for the partner it was made at: a club-wide code's (TALLIED_PARTNERS), when it becomes or
   * stops being club-wide. Each table's rows are taken in key order in one statement.
   */
  private async moveCode(
    tx: EntityManager,
    codeId: string,
    scopes: (readonly [string, 1 | -1])[],
    timeZone: string,
    tillSign: -1 | 0 | 1 = 0,
  ): Promise<void> {
    const ids = scopes.map(([id]) => id);
    const signs = scopes.map(([, sign]) => sign);
    await tx.execute(
      `insert into code_tallies (scope_id, codes)
       select s.id, s.sign from unnest(?::uuid[], ?::int[]) as s(id, sign) order by s.id
       on conflict (scope_id) do update set codes = code_tallies.codes + excluded.codes`,
      [pgArray(ids), pgArray(signs)],
    );
    const atTills = `from redemptions r where r.qr_code_id = ? and r.status = 'completed' and r.channel = 'till' and r.partner_id is not null and ? <> 0`;
    await tx.execute(
      `insert into redemption_tallies (scope_id, day, shard, redemptions)
       select id, day, 0, sum(n) from (
         select s.id, d.day, d.n * s.sign as n
           from unnest(?::uuid[], ?::int[]) as s(id, sign),
                (select (redeemed_at at time zone ?)::date as day, count(*) as n
                   from redemptions where qr_code_id = ? and status = 'completed' group by 1) d
         union all
         select r.partner_id, (r.redeemed_at at time zone ?)::date, ?::int ${atTills}) m
        group by id, day order by id, day
       on conflict (scope_id, day, shard) do update set redemptions = redemption_tallies.redemptions + excluded.redemptions`,
      [pgArray(ids), pgArray(signs), timeZone, codeId, timeZone, tillSign, codeId, tillSign],
    );
    await tx.execute(
      `insert into location_tallies (partner_id, clinic_name, shard, redemptions)
       select m.id, q.clinic_name, 0, sum(m.n)
         from (select s.id, q0.usage_count * s.sign as n
                 from unnest(?::uuid[], ?::int[]) as s(id, sign), qr_codes q0
                where q0.id = ? and q0.usage_count > 0
               union all
               select r.partner_id, ?::int ${atTills}) m, qr_codes q
        where q.id = ?
        group by m.id, q.clinic_name order by m.id
       on conflict (partner_id, clinic_name, shard) do update set redemptions = location_tallies.redemptions + excluded.redemptions`,
      [pgArray(ids), pgArray(signs), codeId, tillSign, codeId, tillSign, codeId],
    );
  }

  private async addCodes(tx: EntityManager, scopes: string[], count: number): Promise<void> {
    await tx.execute(
      `insert into code_tallies (scope_id, codes) select unnest(?::uuid[]), ?
       on conflict (scope_id) do update set codes = code_tallies.codes + excluded.codes`,
      [pgArray(scopes), count],
    );
  }
}
