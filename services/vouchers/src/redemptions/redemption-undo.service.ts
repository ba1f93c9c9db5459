import {
  ALREADY_CANCELLED_MESSAGE,
  UUID_PATTERN,
  undoWindowClosedMessage,
  type Actor,
  type CancelRedemptionResponse,
  type RpcMeta,
} from '@avpass/contracts';
import { DomainError, isRetryable } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { toPublicVoucher, QrCodesRepository } from '../codes';
import { VouchersSettings } from '../settings';
import { RedemptionUndoRepository } from './redemption-undo.repository';
import { toTillRedemption, undoRule, type RedemptionRecord } from './redemption-view';

export const REDEMPTION_CANCELLED_MESSAGE = 'Redemption cancelled';
export const NOT_YOUR_REDEMPTION_MESSAGE = 'Only the partner that made this redemption can undo it';
export const CANCEL_RACE_MESSAGE = 'This voucher changed at the same time. Please try again.';

/** What a cancel records as its author when the session carries no name (the role's label). */
const ROLE_LABELS: Record<Actor['role'], string> = {
  super_admin: 'Administrator',
  company_admin: 'Partner staff',
};

const ATTEMPTS = 3;

const redemptionNotFound = () => DomainError.notFound('Redemption');

/**
 * Undo (issue 25): a redemption made by mistake is cancelled and its use given back, in one statement
 * (RedemptionUndoRepository). The administrator may cancel any, at any time; a company's staff only
 * one made at its own partner, within REDEMPTION_UNDO_MINUTES of it (by the service's clock). One it
 * cannot see at all is 404, one it sees but did not make 403; a second cancel is 409 and changes nothing.
 */
@Injectable()
export class RedemptionUndoService {
  constructor(
    private readonly redemptions: RedemptionUndoRepository,
    private readonly codes: QrCodesRepository,
    private readonly settings: VouchersSettings,
  ) {}

  private get undoMinutes(): number {
    return this.settings.config.REDEMPTION_UNDO_MINUTES;
  }

  async cancel(
    actor: Actor,
    input: { id: string; reason: string },
    meta: RpcMeta,
  ): Promise<CancelRedemptionResponse> {
    const id = input.id.toLowerCase();
    const found = await this.redemptions.find(id, actor);
    if (!found) throw redemptionNotFound();
    const now = this.settings.now();
    const rule = undoRule(actor, found, now, this.undoMinutes);
    if (actor.role !== 'super_admin') {
      if (!rule.ownPartner)
        throw found.visible ? DomainError.forbidden(NOT_YOUR_REDEMPTION_MESSAGE) : redemptionNotFound();
      if (found.status === 'cancelled') throw DomainError.conflict(ALREADY_CANCELLED_MESSAGE);
      if (!rule.windowOpen) throw DomainError.forbidden(undoWindowClosedMessage(this.undoMinutes));
    } else if (found.status === 'cancelled') {
      throw DomainError.conflict(ALREADY_CANCELLED_MESSAGE);
    }

    const cancelled = await this.cancelOnce(actor, id, input.reason, now, meta);
    if (!cancelled) {
      // Another cancel won meanwhile (or the code was deleted with its redemptions).
      const now2 = await this.redemptions.find(id, actor);
      if (now2?.status === 'cancelled') throw DomainError.conflict(ALREADY_CANCELLED_MESSAGE);
      throw redemptionNotFound();
    }
    const code = await this.codes.findCurrent(cancelled.qr_code_id);
    if (!code) throw redemptionNotFound();
    return {
      message: REDEMPTION_CANCELLED_MESSAGE,
      redemption: toTillRedemption(cancelled, actor, now, this.undoMinutes),
      voucher: toPublicVoucher(code, this.settings.mapping(now)),
    };
  }

  /** The statement; a deadlock (e.g. with `npm run stats:rebuild`'s table locks) runs it again. */
  private async cancelOnce(
    actor: Actor,
    id: string,
    reason: string,
    now: Date,
    meta: RpcMeta,
  ): Promise<RedemptionRecord | null> {
    const name = (actor as Actor & { name?: unknown }).name;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.redemptions.cancel({
          redemptionId: id,
          at: now.toISOString(),
          cancelledBy: typeof name === 'string' && name.trim() ? name.trim() : ROLE_LABELS[actor.role],
          cancelledByUserId: UUID_PATTERN.test(actor.userId) ? actor.userId : null,
          reason,
          timeZone: this.settings.timeZone,
          meta,
        });
      } catch (error) {
        // Deadlock or serialization failure only: a connection lost during the commit may have cancelled it.
        if (!isRetryable(error, { connectionLoss: false })) throw error;
        if (attempt >= ATTEMPTS) throw DomainError.conflict(CANCEL_RACE_MESSAGE);
      }
    }
  }
}
