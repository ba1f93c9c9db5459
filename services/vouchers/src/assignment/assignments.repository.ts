import { pgArray } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { addPartnerIdsSql } from '../codes';
import { assignedTalliesCtes } from '../tallies';
import type { LastUse } from './last-use';
import { QrCodePartner } from './qr-code-partner.entity';

/** The codes one bulk assignment acts on: a whole batch or a list of ids. */
export type BulkTarget = { batchId: string } | { qrCodeIds: string[] };

function targetSql(target: BulkTarget): [string, string] {
  return 'batchId' in target
    ? ['q.batch_id = ?', target.batchId]
    : ['q.id = any(?::uuid[])', pgArray(target.qrCodeIds)];
}

/** The qr_code_partners table: which partner companies each code is assigned to. */
@Injectable()
export class AssignmentsRepository {
  constructor(private readonly em: EntityManager) {}

  /** A code's active assignments, oldest first. */
  listActive(codeId: string, em: EntityManager = this.em): Promise<QrCodePartner[]> {
    return em.find(
      QrCodePartner,
      { qrCodeId: codeId, isActive: true },
      { orderBy: { assignedAt: 'asc', id: 'asc' } },
    );
  }

  /**
   * A code's active assignments as the database holds them now, read in a fresh context: nothing this
   * call loaded before (rows its native writes changed since) is answered from memory.
   */
  listActiveNow(codeId: string): Promise<QrCodePartner[]> {
    return this.listActive(codeId, this.em.fork());
  }

  /** Every assignment row of a code, active or not. */
  listAll(codeId: string): Promise<QrCodePartner[]> {
    return this.em.find(QrCodePartner, { qrCodeId: codeId });
  }

  /** How many partners each code is assigned to. */
  async partnerCounts(codeIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (!codeIds.length) return counts;
    // One array parameter (a page of rendering's codes is 500 ids) and counts, not entities.
    const rows: { id: string; n: number }[] = await this.em.execute(
      `select qr_code_id as id, count(*)::int as n from qr_code_partners
        where qr_code_id = any(?::uuid[]) and is_active group by qr_code_id`,
      [pgArray(codeIds)],
    );
    for (const row of rows) counts.set(row.id, row.n);
    return counts;
  }

  async insert(
    tx: EntityManager,
    codeId: string,
    partnerIds: string[],
    assignedBy: string | null,
  ): Promise<void> {
    await tx.insertMany(
      QrCodePartner,
      partnerIds.map((partnerId) =>
        Object.assign(new QrCodePartner(), { qrCodeId: codeId, partnerId, assignedBy }),
      ),
    );
  }

  /** Returns how many rows went. */
  remove(tx: EntityManager, codeId: string, partnerIds: string[]): Promise<number> {
    return tx.nativeDelete(QrCodePartner, { qrCodeId: codeId, partnerId: { $in: partnerIds } });
  }

  /**
   * Locks the codes of a batch or of a list of ids (in id order, as every bulk change takes them) and
   * returns their ids. After this no redeem or assignment change of them runs until `tx` ends, so the
   * statements that follow (each with a fresh snapshot) see every redemption committed before.
   */
  async lockCodes(tx: EntityManager, target: BulkTarget): Promise<string[]> {
    const [where, param] = targetSql(target);
    const rows: { id: string }[] = await tx.execute(
      `select q.id from qr_codes q where ${where} order by q.id for update`,
      [param],
    );
    return rows.map((r) => r.id);
  }

  async batchExists(batchId: string): Promise<boolean> {
    const rows: unknown[] = await this.em.execute('select 1 from batches where id = ?', [batchId]);
    return rows.length > 0;
  }

  /**
   * The codes (locked by lockCodes in `tx`) to every partner, in ONE statement: the assignment rows
   * (a withdrawn one is re-activated, an active one left as it is), each changed code's partner_ids,
   * and the partners' tallies (codes, redemptions by business day, redemptions by facility) for the
   * assignments that became active; partner_offer_tallies follow from the code rows (trigger). Returns
   * how many assignments each partner gained.
   */
  async bulkAssign(
    tx: EntityManager,
    target: BulkTarget,
    partnerIds: string[],
    assignedBy: string | null,
    timeZone: string,
  ): Promise<{ partnerId: string; assigned: number }[]> {
    const [where, param] = targetSql(target);
    const rows: { partner_id: string; n: number }[] = await tx.execute(
      `with targets as (select q.id from qr_codes q where ${where}),
       ins as (
         insert into qr_code_partners as a (id, qr_code_id, partner_id, assigned_at, assigned_by, is_active)
         select gen_random_uuid(), t.id, p.id, now(), ?::uuid, true
           from targets t cross join unnest(?::uuid[]) as p(id)
          order by t.id, p.id
         on conflict (qr_code_id, partner_id) do update
            set is_active = true, assigned_at = excluded.assigned_at, assigned_by = excluded.assigned_by
          where not a.is_active
         returning a.qr_code_id, a.partner_id
       ),
       codes_changed as (
         ${addPartnerIdsSql('ins')}
       ),
       ${assignedTalliesCtes('ins')}
       select p.id as partner_id,
              (select count(*) from ins where ins.partner_id = p.id)::int as n,
              (select count(*) from codes_changed)::int as changed
         from unnest(?::uuid[]) as p(id)`,
      [param, assignedBy, pgArray(partnerIds), timeZone, pgArray(partnerIds)],
    );
    return rows.map((r) => ({ partnerId: r.partner_id, assigned: r.n }));
  }

  /**
   * The landing page's figures of these partners from partner_offer_tallies (a few rows each):
   * every code they own or are assigned, and the open ones whose last day is `today` or later and
   * whose start day has come (an upcoming code counts in the total only).
   */
  async offerCounts(
    partnerIds: string[],
    today: string,
  ): Promise<{ partnerId: string; activeOffers: number; totalQrCodes: number }[]> {
    if (!partnerIds.length) return [];
    const rows: { partner_id: string; total: number; active: number }[] = await this.em.execute(
      `select p.id as partner_id,
              coalesce(sum(t.codes), 0)::int as total,
              coalesce(sum(t.open) filter (where t.expiration_day >= ?::date and t.start_day <= ?::date), 0)::int as active
         from unnest(?::uuid[]) as p(id) left join partner_offer_tallies t on t.partner_id = p.id
        group by p.id`,
      [today, today, pgArray(partnerIds)],
    );
    return rows.map((r) => ({ partnerId: r.partner_id, activeOffers: r.active, totalQrCodes: r.total }));
  }

  /** The partners of a code for its public page: its owner (vendor_id) first, then its active assignments. */
  async publicPartnerIds(code: { id: string; vendorId: string | null }): Promise<string[]> {
    const rows: { partner_id: string }[] = await this.em.execute(
      `select partner_id from qr_code_partners where qr_code_id = ? and is_active order by assigned_at, id`,
      [code.id],
    );
    const ids = rows.map((r) => r.partner_id);
    return code.vendorId ? [code.vendorId, ...ids.filter((id) => id !== code.vendorId)] : ids;
  }

  /** The code's newest redemption (see `lastRedemptions`); null when never redeemed. */
  async lastRedemption(codeId: string): Promise<LastUse | null> {
    return (await this.lastRedemptions([codeId])).get(codeId) ?? null;
  }

  /**
   * Each code's newest redemption (the (code, time) index, one probe per code in one statement): when,
   * its channel and, for a till's, the till's partner as it was named then. Never-redeemed codes are
   * absent from the map.
   */
  async lastRedemptions(codeIds: string[]): Promise<Map<string, LastUse>> {
    const found = new Map<string, LastUse>();
    if (!codeIds.length) return found;
    const rows: { id: string; redeemed_at: Date; channel: 'till' | 'self'; partner_name: string | null }[] =
      await this.em.execute(
        `select c.id, r.redeemed_at, r.channel, r.partner_name
           from unnest(?::uuid[]) c(id)
           cross join lateral (select redeemed_at, channel, partner_name from redemptions
                                where qr_code_id = c.id order by redeemed_at desc, id desc limit 1) r`,
        [pgArray(codeIds)],
      );
    for (const row of rows)
      found.set(row.id, {
        redeemedAt: new Date(row.redeemed_at),
        channel: row.channel,
        partnerName: row.partner_name,
      });
    return found;
  }

  /** Every assignment of a partner (it was deleted). Returns how many rows went. */
  removePartner(tx: EntityManager, partnerId: string): Promise<number> {
    return tx.nativeDelete(QrCodePartner, { partnerId });
  }
}
