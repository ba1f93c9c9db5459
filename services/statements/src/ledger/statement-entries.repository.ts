import { PREVIEW_LINES, type MerchandiseLine, type VoucherLine } from '@avpass/contracts';
import { startOfBusinessDaySql } from '@avpass/domain';
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
}

/** A partner's business days from..to ('YYYY-MM-DD', inclusive) in a time zone. */
export interface LedgerRange {
  partnerId: string;
  from: string;
  to: string;
  timeZone: string;
}

const n = (value: unknown) => Number(value ?? 0);
/** The range's rows: [start of `from`, start of the day after `to`) in the zone, by the partner index. */
const IN_RANGE = `partner_id = ? and occurred_at >= ${startOfBusinessDaySql('?::date')}
  and occurred_at < ${startOfBusinessDaySql('(?::date + 1)')}`;
const rangeParams = (r: LedgerRange) => [r.partnerId, r.from, r.timeZone, r.to, r.timeZone];

const VOUCHER_SUMS = `sum(quantity) as redemptions, sum(coalesce(sale_cents, 0)) as sales,
  sum(discount_cents) as discount, sum(club_owes_cents) as club,
  sum(case when funded_by = 'partner' then discount_cents else 0 end) as partner_funded,
  sum(case when without_sale_amount then quantity else 0 end) as without_sale`;

interface VoucherSumsRow {
  redemptions: string;
  sales: string;
  discount: string;
  club: string;
  partner_funded: string;
  without_sale: string;
}

/** The statements' ledger (`statement_entries`): written by the event subscribers, summed by range. */
@Injectable()
export class StatementEntriesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Records the entry once: a redelivered event (same kind and source) changes nothing. */
  async record(tx: EntityManager, e: LedgerEntry): Promise<void> {
    await tx.execute(
      `insert into statement_entries (partner_id, kind, source_id, occurred_at, origin_at, subject_type, subject_id,
         label, quantity, sale_cents, discount_cents, funded_by, club_owes_cents, partner_owes_cents, without_sale_amount)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (kind, source_id) do nothing`,
      [
        e.partnerId,
        e.kind,
        e.sourceId,
        e.occurredAt,
        e.originAt ?? e.occurredAt,
        e.subjectType,
        e.subjectId,
        e.label ?? '',
        e.quantity,
        e.saleCents ?? null,
        e.discountCents ?? 0,
        e.fundedBy ?? null,
        e.clubOwesCents ?? 0,
        e.partnerOwesCents ?? 0,
        e.withoutSaleAmount ?? false,
      ],
    );
  }

  /**
   * The reversal of the entry `kind`/`sourceId` recorded earlier (a cancel of a redemption, the void of a
   * charge), as `reversalKind` at `at`: the same partner, subject and figures, negated. Nothing when the
   * original is not in the ledger (made before the ledger existed, or for no partner), or already reversed.
   */
  async reverse(
    tx: EntityManager,
    kind: LedgerEntry['kind'],
    sourceId: string,
    reversalKind: LedgerEntry['kind'],
    at: string,
  ) {
    await tx.execute(
      `insert into statement_entries (partner_id, kind, source_id, occurred_at, origin_at, subject_type, subject_id,
         label, quantity, sale_cents, discount_cents, funded_by, club_owes_cents, partner_owes_cents, without_sale_amount)
       select partner_id, ?, source_id, ?, occurred_at, subject_type, subject_id, label, -quantity, -sale_cents,
              -discount_cents, funded_by, -club_owes_cents, -partner_owes_cents, without_sale_amount
         from statement_entries where kind = ? and source_id = ?
       on conflict (kind, source_id) do nothing`,
      [reversalKind, at, kind, sourceId],
    );
  }

  /**
   * Vouchers honoured in the range, by voucher or batch: redemptions made in it, less the cancels of
   * those (a cancelled redemption owes nothing). `adjustments`: cancels in the range of redemptions made
   * before it. The first PREVIEW_LINES lines by club-funded amount, the section's sums and how many more.
   */
  async voucherSection(r: LedgerRange, adjustments: boolean) {
    const where = `${IN_RANGE} and kind in ('redemption', 'redemption_cancel')
      and ${adjustments ? 'origin_at <' : 'origin_at >='} ${startOfBusinessDaySql('?::date')}`;
    const params = [...rangeParams(r), r.from, r.timeZone];
    const lines: (VoucherSumsRow & {
      subject_type: VoucherLine['subjectType'];
      subject_id: string;
      label: string;
    })[] = await this.em.execute(
      `select subject_type, subject_id, max(label) as label, ${VOUCHER_SUMS}
           from statement_entries where ${where}
          group by subject_type, subject_id
          order by sum(club_owes_cents) desc, sum(discount_cents) desc, subject_id
          limit ?`,
      [...params, PREVIEW_LINES + 1],
    );
    const [sums] = (await this.em.execute(
      `select ${VOUCHER_SUMS}, count(distinct (subject_type, subject_id)) as groups from statement_entries where ${where}`,
      params,
    )) as (VoucherSumsRow & { groups: string })[];
    return {
      lines: lines.slice(0, PREVIEW_LINES).map((row) => ({
        subjectId: row.subject_id,
        subjectType: row.subject_type,
        label: row.label,
        ...voucherSums(row),
      })),
      more: Math.max(0, n(sums?.groups) - PREVIEW_LINES),
      ...voucherSums(sums),
    };
  }

  /** Athlete credit charges in the range, and the voids in it (of charges made then or before). */
  async creditSection(r: LedgerRange) {
    const [row] = (await this.em.execute(
      `select count(*) filter (where kind = 'credit_charge') as charges,
              coalesce(sum(club_owes_cents) filter (where kind = 'credit_charge'), 0) as charged,
              count(*) filter (where kind = 'credit_void') as voids,
              coalesce(-sum(club_owes_cents) filter (where kind = 'credit_void'), 0) as voided
         from statement_entries where ${IN_RANGE} and kind in ('credit_charge', 'credit_void')`,
      rangeParams(r),
    )) as { charges: string; charged: string; voids: string; voided: string }[];
    const charged = n(row?.charged);
    const voided = n(row?.voided);
    return {
      charges: n(row?.charges),
      chargedCents: charged,
      voids: n(row?.voids),
      voidedCents: voided,
      netCents: charged - voided,
    };
  }

  /** Merchandise reported used in the range (a lowered report counts back), by item: units × partner price. */
  async merchandiseSection(r: LedgerRange) {
    const lines: { subject_id: string; label: string; units: string; amount: string }[] =
      await this.em.execute(
        `select subject_id, max(label) as label, sum(quantity) as units, sum(partner_owes_cents) as amount
         from statement_entries where ${IN_RANGE} and kind = 'merch_usage'
        group by subject_id order by sum(partner_owes_cents) desc, subject_id limit ?`,
        [...rangeParams(r), PREVIEW_LINES + 1],
      );
    const [sums] = (await this.em.execute(
      `select coalesce(sum(quantity), 0) as units, coalesce(sum(partner_owes_cents), 0) as amount,
              count(distinct subject_id) as groups
         from statement_entries where ${IN_RANGE} and kind = 'merch_usage'`,
      rangeParams(r),
    )) as { units: string; amount: string; groups: string }[];
    return {
      lines: lines.slice(0, PREVIEW_LINES).map(
        (row): MerchandiseLine => ({
          subjectId: row.subject_id,
          label: row.label,
          units: n(row.units),
          amountCents: n(row.amount),
        }),
      ),
      more: Math.max(0, n(sums?.groups) - PREVIEW_LINES),
      units: n(sums?.units),
      amountCents: n(sums?.amount),
    };
  }
}

function voucherSums(row: VoucherSumsRow | undefined) {
  return {
    redemptions: n(row?.redemptions),
    salesCents: n(row?.sales),
    discountCents: n(row?.discount),
    clubFundedCents: n(row?.club),
    partnerFundedCents: n(row?.partner_funded),
    withoutSaleAmount: n(row?.without_sale),
  };
}
