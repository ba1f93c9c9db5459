import { REDEEM_REFUSALS, UUID_PATTERN, type RedeemResponse, type RpcMeta } from '@avpass/contracts';
import { voucherStatus } from '@avpass/domain';
import { DomainError, EventBusLifecycle } from '@avpass/platform';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { earliestValidExpiry } from '../business-day';
import { QrCode } from '../codes/qr-code.entity';
import { toPublicVoucher } from '../codes/qr-code.mapper';
import { voucherNotFound } from '../codes/qr-codes.service';
import { Redemption } from '../codes/redemption.entity';
import { VouchersSettings } from '../settings';
import { describeDevice } from './device';
import { RedeemRateLimiter } from './redeem-rate-limiter';

export const REDEEMED_MESSAGE = 'Voucher redeemed successfully';

/**
 * The whole redeem is ONE statement, so it is atomic without a transaction round trip: the conditional
 * UPDATE is the usage check and the increment (its row lock serialises concurrent redeems of a code
 * across every instance, and a redeem that would exceed the limit, comes after the code's last
 * business day, or finds it deactivated, changes nothing); the redemption row and the outbox event are
 * inserted from its result in the same statement, so they exist exactly when the count went up. A
 * repeated Idempotency-Key violates redemptions' unique key and the statement changes nothing at all.
 */
const REDEEM_SQL = `with updated as (
    update qr_codes set usage_count = usage_count + 1
     where id = ? and is_active and usage_count < usage_limit
       and (expiration_date is null or expiration_date >= ?::date)
    returning *
  ), redemption as (
    insert into redemptions (id, qr_code_id, redeemed_at, redeemed_by, device_info, ip_address, user_agent, idempotency_key)
    select ?::uuid, id, ?::timestamptz, 'Store Scanner', ?, ?, ?, ? from updated
    returning id
  ), event as (
    insert into outbox_events (id, name, payload, occurred_at)
    select ?::uuid, 'vouchers.voucher.redeemed.v1',
           jsonb_build_object(
             'qrCodeId', id,
             'expirationDate', to_char(expiration_date, 'YYYY-MM-DD'),
             'usageCount', usage_count,
             'usageLimit', usage_limit,
             'isActive', is_active,
             'redemptionId', ?::text,
             'redeemedAt', ?::text),
           ?::timestamptz
      from updated
    returning id
  )
  select u.id, u.clinic_name as "clinicName", u.vendor_id as "vendorId",
         u.created_by_user_id as "createdByUserId", u.discount_type as "discountType",
         u.discount_value as "discountValue", u.service,
         to_char(u.expiration_date, 'YYYY-MM-DD') as "expirationDate",
         u.usage_limit as "usageLimit", u.usage_count as "usageCount", u.terms, u.logo_url as "logoUrl",
         u.qr_url as "qrUrl", u.batch_id as "batchId", u.batch_name as "batchName",
         u.custom_title as "customTitle", u.partner_type as "partnerType", u.created_at as "createdAt",
         u.qr_type as "qrType", u.trainer_name as "trainerName", u.trainer_image as "trainerImage",
         u.trainer_role as "trainerRole", u.is_active as "isActive",
         u.is_project_rooted_exclusive as "isProjectRootedExclusive",
         u.exclusive_type as "exclusiveType", u.exclusive_details as "exclusiveDetails"
    from updated u, redemption, event`;

const isUniqueViolation = (error: unknown) =>
  error instanceof UniqueConstraintViolationException ||
  (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505');

@Injectable()
export class RedeemService {
  constructor(
    private readonly em: EntityManager,
    private readonly bus: EventBusLifecycle,
    private readonly settings: VouchersSettings,
    private readonly rateLimiter: RedeemRateLimiter,
  ) {}

  async redeem(id: string, idempotencyKey: string | undefined, meta: RpcMeta): Promise<RedeemResponse> {
    if (!UUID_PATTERN.test(id)) throw voucherNotFound();
    const codeId = id.toLowerCase();
    await this.rateLimiter.check(meta.ip, codeId);

    if (idempotencyKey) {
      const earlier = await this.replay(codeId, idempotencyKey);
      if (earlier) return earlier;
    }
    try {
      return await this.redeemOnce(codeId, idempotencyKey, meta);
    } catch (error) {
      // A concurrent request with the same key won: answer with its outcome.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await this.replay(codeId, idempotencyKey);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  private async redeemOnce(
    codeId: string,
    idempotencyKey: string | undefined,
    meta: RpcMeta,
  ): Promise<RedeemResponse> {
    const now = this.settings.now();
    const validFrom = earliestValidExpiry(now, this.settings.timeZone);
    const userAgent = meta.userAgent?.slice(0, 1000) ?? null;
    const redemptionId = randomUUID();
    const at = now.toISOString();
    const em = this.em.fork();
    // The columns the answer needs, already named as the entity's properties: mapping a plain row is
    // far cheaper than making a managed entity on this hot path.
    const rows: QrCode[] = await em
      .getConnection()
      .execute(
        REDEEM_SQL,
        [
          codeId,
          validFrom,
          redemptionId,
          at,
          describeDevice(userAgent),
          meta.ip ?? null,
          userAgent,
          idempotencyKey ?? null,
          randomUUID(),
          redemptionId,
          at,
          at,
        ],
        'all',
      );
    const row = rows[0];
    if (!row) {
      // The first outcome of a retried request stands, even if the code has since run out.
      if (idempotencyKey) {
        const earlier = await this.replay(codeId, idempotencyKey);
        if (earlier) return earlier;
      }
      throw this.refusal(await em.findOne(QrCode, { id: codeId }), now);
    }
    this.bus.relay.kick(); // publish the event now rather than at the next poll
    return {
      message: REDEEMED_MESSAGE,
      redemptionId,
      voucher: toPublicVoucher({ ...row, createdAt: new Date(row.createdAt) }, this.settings.mapping(now)),
    };
  }

  private async replay(codeId: string, idempotencyKey: string): Promise<RedeemResponse | null> {
    const earlier = await this.em.fork().findOne(Redemption, { qrCodeId: codeId, idempotencyKey });
    return earlier ? this.answer(earlier) : null;
  }

  /** The first outcome again: the same redemption, with the voucher as it stands now. */
  private async answer(redemption: Redemption): Promise<RedeemResponse> {
    const code = await this.em.fork().findOne(QrCode, { id: redemption.qrCodeId });
    if (!code) throw voucherNotFound();
    return {
      message: REDEEMED_MESSAGE,
      redemptionId: redemption.id,
      voucher: toPublicVoucher(code, this.settings.mapping()),
    };
  }

  private refusal(code: QrCode | null, now: Date): DomainError {
    if (!code) return voucherNotFound();
    const status = voucherStatus(code, now, this.settings.timeZone);
    // 'active' here means an unlimited code at its ceiling: it cannot count any further.
    const reason = status === 'active' ? 'used_up' : status;
    return DomainError.conflict(REDEEM_REFUSALS[reason]);
  }
}
