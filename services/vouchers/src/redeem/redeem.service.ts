import { REDEEM_REFUSALS, type RedeemResponse, type RpcMeta } from '@avpass/contracts';
import { voucherStatus } from '@avpass/domain';
import { DomainError, EventOutbox } from '@avpass/platform';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { earliestValidExpiry } from '../business-day';
import { QrCode } from '../codes/qr-code.entity';
import { toPublicVoucher } from '../codes/qr-code.mapper';
import { voucherNotFound } from '../codes/qr-codes.service';
import { Redemption } from '../codes/redemption.entity';
import { snapshotOf } from '../codes/snapshot';
import { VouchersSettings } from '../settings';
import { describeDevice } from './device';
import { RedeemRateLimiter } from './redeem-rate-limiter';

export const REDEEMED_MESSAGE = 'Voucher redeemed successfully';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One conditional UPDATE is the usage check and the increment: the row lock serialises concurrent
 * redeems of a code across every instance, and a redeem that would exceed the limit, or comes after
 * the code's last business day, or finds it deactivated, changes nothing. The redemption row and the
 * event commit with it.
 */
const REDEEM_SQL = `update qr_codes set usage_count = usage_count + 1
  where id = ? and is_active and usage_count < usage_limit
    and (expiration_date is null or expiration_date >= ?::date)
  returning *`;

@Injectable()
export class RedeemService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
    private readonly settings: VouchersSettings,
    private readonly rateLimiter: RedeemRateLimiter,
  ) {}

  async redeem(id: string, idempotencyKey: string | undefined, meta: RpcMeta): Promise<RedeemResponse> {
    if (!UUID.test(id)) throw voucherNotFound();
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
      if (idempotencyKey && error instanceof UniqueConstraintViolationException) {
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
    const em = this.em.fork();
    const outcome = await em.transactional(async (tx) => {
      const rows: Record<string, unknown>[] = await tx
        .getConnection()
        .execute(REDEEM_SQL, [codeId, validFrom], 'all', tx.getTransactionContext());
      const row = rows[0];
      if (!row) {
        // The first outcome of a retried request stands, even if the code has since run out.
        if (idempotencyKey) {
          const earlier = await tx.findOne(Redemption, { qrCodeId: codeId, idempotencyKey });
          if (earlier) return { earlier };
        }
        return { refused: await tx.findOne(QrCode, { id: codeId }) };
      }
      const code = tx.map(QrCode, row);
      const userAgent = meta.userAgent?.slice(0, 1000) ?? null;
      const redemption = tx.create(Redemption, {
        qrCodeId: codeId,
        redeemedAt: now,
        deviceInfo: describeDevice(userAgent),
        ipAddress: meta.ip ?? null,
        userAgent,
        idempotencyKey: idempotencyKey ?? null,
      });
      this.outbox.record(tx, 'vouchers.voucher.redeemed.v1', {
        ...snapshotOf(code),
        redemptionId: redemption.id,
        redeemedAt: redemption.redeemedAt.toISOString(),
      });
      return { code, redemption };
    });
    if ('earlier' in outcome && outcome.earlier) return this.answer(outcome.earlier);
    if ('refused' in outcome) throw this.refusal(outcome.refused ?? null, now);
    return {
      message: REDEEMED_MESSAGE,
      redemptionId: outcome.redemption!.id,
      voucher: toPublicVoucher(outcome.code!, this.settings.mapping(now)),
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
