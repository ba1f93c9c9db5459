import type { FundedBy, RedemptionChannel, RpcMeta } from '@avpass/contracts';
import {
  AuditTrail,
  column,
  isCheckViolation,
  runRecordedStatement,
  SqlEventWriter,
  type AuditSqlInsert,
  type SqlEventInsert,
  type StatementClaim,
} from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { useOneSql } from '../codes';
import {
  countMemberDaySql,
  countMemberUseSql,
  limitedSql,
  MEMBER_DAY_CAP_CONSTRAINT,
  MEMBER_DAY_ROOM_SQL,
  MEMBER_LIMIT_CONSTRAINT,
  MEMBER_ROOM_SQL,
} from '../holders';
import { queuePendingTallySql } from '../tallies';
import type { RedemptionRecord } from './redemption-view';
import { honouredByParams, honouredBySql, type QrCode, TALLIED_PARTNERS } from '../codes';

export interface RedeemInput {
  codeId: string;
  /** The earliest expiry date still valid now ('YYYY-MM-DD'). */
  validFrom: string;
  /** The latest start date already valid now ('YYYY-MM-DD': today's business date). */
  startedBy: string;
  redemptionId: string;
  at: string;
  /** The business day of `at` ('YYYY-MM-DD' in BUSINESS_TIMEZONE), for the dashboards' tallies. */
  day: string;
  /**
   * The business day a held code's use counts on against the per-member daily cap (issue 43): the
   * scan's for a scan kept offline; absent: `day`.
   */
  memberDay?: string | undefined;
  deviceInfo: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /**
   * The Idempotency-Key's claim (Idempotency.onceInStatement), written by this same statement: it
   * counts only while the key is free and stores the key with the redemption. None: no key.
   */
  claim?: StatementClaim | null;
  /** Minutes since midnight of `at` in BUSINESS_TIMEZONE: a trainer code's daily window is checked against it. */
  minuteOfDay: number;
  /** The sale at the till and the discount it got (cents), when the till sent one. */
  transactionAmount: number | null;
  discountApplied: number | null;
  /** `till`: a partner's staff at the till; `self`: the member on the public page (issue 25). */
  channel: RedemptionChannel;
  /**
   * Where: the staff's partner at the till (with its name); null lets the statement take the code's
   * partner when it has exactly one (the member's own redeem, or the administrator at the till).
   */
  partnerId: string | null;
  partnerName: string | null;
  /**
   * The partner whose till redeems: it must be one that may honour the code (honouredBySql: its own,
   * actively assigned to it, or club-wide); null: no such condition (the member's own redeem, the
   * administrator).
   */
  honouredBy: string | null;
  /** Who: the staff member's name, or SELF_SERVICE_REDEEMER. */
  redeemedBy: string;
  redeemedByUserId: string | null;
  /** When the till scanned the code (a scan kept offline reaches the server later); null: not a till scan. */
  scannedAt: string | null;
  /** The request (its actor, address, user agent): the audit entry's who and from where (issue 26); none: `system`. */
  meta?: RpcMeta | null;
}

/** The code after the redeem, as a plain row already named like the entity's properties. */
export type RedeemedCode = Omit<QrCode, 'createdAt'> & {
  createdAt: Date | string;
  redemptionMode: string;
  fundedBy: FundedBy;
  /** What the new redemption froze (issue 39): who paid for the discount, what the club owes, no sale amount. */
  redemptionFundedBy: FundedBy;
  reimbursementCents: number;
  noSaleAmount: boolean;
  /** The code's active assignments (partner_ids) as the statement read them under the row lock. */
  partnerIds: string[];
  /** Where the new redemption was counted as made (see SOLE_PARTNER), or null. */
  redemptionPartnerId: string | null;
};

/**
 * The whole redeem is ONE statement, so it is atomic without a transaction round trip: the conditional
 * UPDATE is the usage check and the increment (its row lock serialises concurrent redeems of a code
 * across every instance, and a redeem that would exceed the limit, comes after the code's last
 * business day or before the start of its first (start_date), or finds it deactivated, changes nothing); the redemption row and the outbox event are
 * inserted from its result in the same statement, so they exist exactly when the count went up. The
 * redemption freezes who pays for the discount as the locked row says it then (funded_by), what the
 * club owes for it (reimbursement_cents) and whether its discount was unknown (no_sale_amount; see
 * KNOWN_DISCOUNT), and its event carries them (issue 39). With
 * an Idempotency-Key the statement is also the key's claim (Idempotency.onceInStatement): it counts
 * only while the key is free and inserts the key beside the redemption, so a concurrent twin that
 * committed first makes it a unique violation that changes nothing at all.
 * What the dashboards' tallies must count for it is queued in the same statement as one
 * pending_tallies row (platform-wide and for the partners TALLIED_PARTNERS names: the code row's
 * partner_ids read under the row lock, so an assignment change committing meanwhile is seen, or a
 * club-wide code's till): an insert that no other redeem waits on; TallyFolder folds the queue into
 * the tallies (services/vouchers/src/tallies/tally-folder.ts).
 * A trainer code with a daily window (trainer_rules; the same rule as libs/domain isMinuteInWindow)
 * counts only inside it. A staff-only code (redemption_mode 'staff') counts only at a till, and a
 * till's redeem only at a partner that may honour the code (honouredBySql).
 */
const redeemSql = (event: string, audit: AuditSqlInsert, claim: StatementClaim | null) => `with updated as (
    ${useOneSql(`and (redemption_mode = 'self' or ?::text = 'till')
       and (?::uuid is null or ${honouredBySql('qr_codes')})
       and (expiration_date is null or expiration_date >= ?::date)
       and (start_date is null or start_date <= ?::date)
       and not exists (select 1 from trainer_rules t, (select ?::int as m) now_
                        where t.qr_code_id = qr_codes.id and t.valid_hours_start is not null
                          and not (case when t.valid_hours_start < t.valid_hours_end
                                        then now_.m >= t.valid_hours_start and now_.m < t.valid_hours_end
                                        else now_.m >= t.valid_hours_start or now_.m < t.valid_hours_end end))
       ${MEMBER_ROOM_SQL}
       ${MEMBER_DAY_ROOM_SQL}
       ${claim ? `and ${claim.unclaimed}` : ''}`)}
  ), member_use as (
    ${countMemberUseSql('updated')}
  ), member_day as (
    ${countMemberDaySql('updated')}
  ), redemption as (
    insert into redemptions (id, qr_code_id, redeemed_at, redeemed_by, device_info, ip_address, user_agent,
                             transaction_amount, discount_applied, channel, partner_id, partner_name,
                             redeemed_by_user_id, scanned_at, funded_by, reimbursement_cents, no_sale_amount,
                             member_id, member_period_start, member_day)
    select ?::uuid, u.id, ?::timestamptz, ?, ?, ?, ?, s.sale, s.discount, ?,
           coalesce(?::uuid, ${SOLE_PARTNER}), ?, ?::uuid, ?::timestamptz,
           u.funded_by, case when u.funded_by = 'club' then coalesce(${KNOWN_DISCOUNT}, 0) else 0 end,
           ${KNOWN_DISCOUNT} is null,
           u.holder_member_id,
           case when ${limitedSql('u')} then member_period_start(u.per_member_period, ?::date) end,
           case when u.holder_member_id is not null then ?::date end
      from updated u, (select ?::int as sale, ?::int as discount) s
    returning id, partner_id, channel, transaction_amount, discount_applied, funded_by, reimbursement_cents,
              no_sale_amount
  ), ${claim ? `claim as (${claim.insert('redemption')}), ` : ''}tally as (
    ${queuePendingTallySql(`select ?::date, ${TALLIED_PARTNERS('u', 'r')}, u.clinic_name, u.batch_id, 1, u.id, ?::timestamptz, ?::int, ?::int
      from updated u, redemption r`)}
  ), event as (
    ${event}
  ), ${audit.ctes}
  select u.id, u.clinic_name as "clinicName", u.vendor_id as "vendorId",
         u.created_by_user_id as "createdByUserId", u.discount_type as "discountType",
         u.discount_value as "discountValue", u.service,
         to_char(u.expiration_date, 'YYYY-MM-DD') as "expirationDate",
         to_char(u.start_date, 'YYYY-MM-DD') as "startDate",
         u.usage_limit as "usageLimit", u.usage_count as "usageCount", u.terms, u.logo_url as "logoUrl",
         u.qr_url as "qrUrl", u.batch_id as "batchId", u.batch_name as "batchName",
         u.custom_title as "customTitle", u.partner_type as "partnerType", u.created_at as "createdAt",
         u.qr_type as "qrType", u.trainer_name as "trainerName", u.trainer_image as "trainerImage",
         u.trainer_role as "trainerRole", u.is_active as "isActive",
         u.is_project_rooted_exclusive as "isProjectRootedExclusive",
         u.exclusive_type as "exclusiveType", u.exclusive_details as "exclusiveDetails",
         u.redemption_mode as "redemptionMode", u.funded_by as "fundedBy", to_json(u.partner_ids) as "partnerIds",
         u.holder_member_id as "holderMemberId", u.holder_name as "holderName", u.holder_source as "holderSource",
         u.per_member_count as "perMemberCount", u.per_member_period as "perMemberPeriod",
         redemption.partner_id as "redemptionPartnerId", redemption.funded_by as "redemptionFundedBy",
         redemption.reimbursement_cents as "reimbursementCents", redemption.no_sale_amount as "noSaleAmount",
         event.payload as "eventPayload", ${audit.payloads} as "auditPayloads"
    from updated u, redemption, event`;

/**
 * The discount in cents as the redemption knows it (issue 39), over `updated u` and the sale `s`: the
 * till's (discountApplied, libs/domain: from the sale, capped by it) when a sale amount was sent; without
 * one a fixed discount's own amount (its value is whole dollars, as discountApplied counts it); else
 * null, unknown (a percentage, BOGO or free service without a sale amount: flagged no_sale_amount). The
 * club owes it when the code's funded_by is `club` as the statement reads it under the row lock.
 */
const KNOWN_DISCOUNT = `coalesce(s.discount, case when u.discount_type = 'fixed' then greatest(u.discount_value, 0) * 100 end)`;

/**
 * The redeem's audit entry (issue 26), from the same statement: the code's use went up by one, with
 * the redemption it made. Its source is `updated u, redemption r` (one row when the redeem counted).
 */
const REDEEM_CHANGES = `jsonb_build_object(
    'usageCount', jsonb_build_object('before', u.usage_count - 1, 'after', u.usage_count),
    'redemptionId', jsonb_build_object('before', null::text, 'after', r.id),
    'channel', jsonb_build_object('before', null::text, 'after', r.channel),
    'partnerId', jsonb_build_object('before', null::text, 'after', r.partner_id),
    'transactionAmount', jsonb_build_object('before', null::int, 'after', r.transaction_amount),
    'discountApplied', jsonb_build_object('before', null::int, 'after', r.discount_applied),
    'fundedBy', jsonb_build_object('before', null::text, 'after', r.funded_by),
    'reimbursementCents', jsonb_build_object('before', null::int, 'after', r.reimbursement_cents))`;

/**
 * The code's one partner, when it has exactly one (its vendor with no other assignment, or its single
 * assignment without a vendor): where a member's own redeem is counted as made. Reads `updated`.
 */
const SOLE_PARTNER = `(case when vendor_id is not null and (partner_ids = '{}' or partner_ids = array[vendor_id])
                            then vendor_id
                            when vendor_id is null and cardinality(partner_ids) = 1 then partner_ids[1] end)`;

/** The redeem statement of one input: its SQL (`?` placeholders) and parameters, and its writers. */
export interface RedeemStatement {
  sql: string;
  /** The statement's own parameters; the event's, then the audit's follow them (runRecordedStatement). */
  params: unknown[];
  event: SqlEventInsert;
  audit: AuditSqlInsert;
}

/**
 * The whole redeem as one statement, built without running it: what RedemptionsRepository.recordRedemption runs,
 * and what bench:redeem's same-work chain runs with raw `pg` (bench/support/same-work-service.mjs), so
 * the two always do the same work. Pure apart from the writers' checks of the values known now.
 */
export function redeemStatement(
  input: RedeemInput,
  events: Pick<SqlEventWriter, 'writeEventsFrom'>,
  auditTrail: Pick<AuditTrail, 'appendEntriesFrom'>,
): RedeemStatement {
  const claim = input.claim ?? null;
  const event = events.writeEventsFrom(
    'vouchers.voucher.redeemed.v1',
    'updated u, redemption r',
    {
      qrCodeId: column('u.id'),
      expirationDate: column(`to_char(u.expiration_date, 'YYYY-MM-DD')`),
      usageCount: column('u.usage_count'),
      usageLimit: column('u.usage_limit'),
      isActive: column('u.is_active'),
      version: column('u.version'),
      redemptionId: input.redemptionId,
      redeemedAt: input.at,
      // What the redemption froze (issue 39): a statement keeps its ledger from these alone.
      partnerId: column('r.partner_id'),
      batchId: column('u.batch_id'),
      fundedBy: column('r.funded_by'),
      saleCents: column('r.transaction_amount'),
      discountCents: column('r.discount_applied'),
      reimbursementCents: column('r.reimbursement_cents'),
      noSaleAmount: column('r.no_sale_amount'),
      // voucherTitleSource in SQL: the line a statement shows.
      title: column(`coalesce(nullif(btrim(u.custom_title), ''), u.clinic_name)`),
    },
    input.at,
  );
  // Who redeemed, in the same statement: the public (its address) or the staff member at a till,
  // about the code's vendor, or the till's partner.
  const audit = auditTrail.appendEntriesFrom(
    input.meta,
    'updated u, redemption r',
    {
      action: input.channel === 'till' ? 'vouchers.voucher.till-redeemed' : 'vouchers.voucher.redeemed',
      targetType: 'voucher',
      targetId: column('u.id'),
      companyId: input.channel === 'till' && input.partnerId ? input.partnerId : column('u.vendor_id'),
      changes: column(REDEEM_CHANGES),
    },
    { at: input.at },
  );
  return {
    sql: redeemSql(event.sql, audit, claim),
    params: [
      input.codeId,
      input.channel,
      input.honouredBy,
      ...honouredByParams(input.honouredBy),
      input.validFrom,
      input.startedBy,
      input.minuteOfDay,
      input.day,
      input.memberDay ?? input.day,
      ...(claim?.unclaimedParams ?? []),
      input.day,
      input.memberDay ?? input.day,
      input.redemptionId,
      input.at,
      input.redeemedBy,
      input.deviceInfo,
      input.ipAddress,
      input.userAgent,
      input.channel,
      input.partnerId,
      input.partnerName,
      input.redeemedByUserId,
      input.scannedAt,
      input.day,
      input.memberDay ?? input.day,
      input.transactionAmount,
      input.discountApplied,
      ...(claim?.insertParams ?? []),
      input.day,
      input.at,
      input.transactionAmount,
      input.discountApplied,
    ],
    event,
    audit,
  };
}

/** The redemptions table and the redeem statement. */
@Injectable()
export class RedemptionsRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly events: SqlEventWriter,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Counts one use of the code if it may be used now, with its redemption row and its
   * vouchers.voucher.redeemed.v1 event; null when the code could not be used (nothing changed).
   */
  async recordRedemption(input: RedeemInput): Promise<RedeemedCode | null> {
    const statement = redeemStatement(input, this.events, this.audit);
    try {
      return await runRecordedStatement<RedeemedCode>(
        this.em,
        statement.sql,
        statement.params,
        statement.event,
        statement.audit,
      );
    } catch (error) {
      // Another till took the holder's last use of the period between this statement's pre-check and
      // its counter (decision 322): the whole statement changed nothing, like any refused redeem.
      if (isCheckViolation(error, MEMBER_LIMIT_CONSTRAINT)) return null;
      // Likewise the holder's last use of the day under the club's daily cap (issue 43).
      if (isCheckViolation(error, MEMBER_DAY_CAP_CONSTRAINT)) return null;
      throw error;
    }
  }

  /** What a redemption froze when it was made (issue 39), for a repeat's answer; null: no such id. */
  async frozenMoney(
    redemptionId: string,
  ): Promise<Pick<RedemptionRecord, 'funded_by' | 'reimbursement_cents' | 'no_sale_amount'> | null> {
    const rows: Pick<RedemptionRecord, 'funded_by' | 'reimbursement_cents' | 'no_sale_amount'>[] =
      await this.em
        .fork()
        .getConnection()
        .execute(
          'select funded_by, reimbursement_cents, no_sale_amount from redemptions where id = ?::uuid',
          [redemptionId],
        );
    return rows[0] ?? null;
  }

  /** A member's own redemption at the code's one partner: its name as it is now (known after the statement). */
  async namePartner(redemptionId: string, partnerName: string): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute('update redemptions set partner_name = ? where id = ? and partner_name is null', [
        partnerName,
        redemptionId,
      ]);
  }
}
