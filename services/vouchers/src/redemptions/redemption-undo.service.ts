import {
  ALREADY_CANCELLED_MESSAGE,
  RPC,
  UUID_PATTERN,
  undoWindowClosedMessage,
  type Actor,
  type CancelRedemptionResponse,
  type RpcMeta,
} from '@avpass/contracts';
import { DomainError, Idempotency, isRetryable, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { toPublicVoucher, QrCodesRepository } from '../codes';
import { VouchersSettings } from '../settings';
import { RedemptionUndoRepository } from './redemption-undo.repository';
import { toTillRedemption, undoRule } from './redemption-view';

export const REDEMPTION_CANCELLED_MESSAGE = 'Redemption cancelled';
export const NOT_YOUR_REDEMPTION_MESSAGE = 'Only the partner that made this redemption can undo it';
export const CANCEL_RACE_MESSAGE = 'This voucher changed at the same time. Please try again.';

/** What a cancel records as its author when the session carries no name (the role's label). */
const ROLE_LABELS: Record<Actor['role'], string> = {
  super_admin: 'Administrator',
  company_admin: 'Partner staff',
};

const ATTEMPTS = 3;

/** The cancel's author: the session's name, else the role's label. */
function authorOf(actor: Actor): string {
  const name = (actor as Actor & { name?: unknown }).name;
  return typeof name === 'string' && name.trim() ? name.trim() : ROLE_LABELS[actor.role];
}

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
    private readonly idempotency: Idempotency,
  ) {}

  private get undoMinutes(): number {
    return this.settings.config.REDEMPTION_UNDO_MINUTES;
  }

  /**
   * With an Idempotency-Key (the caller's own, per operation) the whole cancel is the stored-answer
   * strategy's effect (Idempotency.once): a retry of a cancel that went through answers its first
   * answer, not 409; a refusal stores nothing. The statement runs in that transaction; a deadlock or
   * serialization failure runs the whole call again (up to ATTEMPTS).
   */
  async cancel(
    actor: Actor,
    input: { id: string; reason: string; idempotencyKey?: string | undefined },
    meta: RpcMeta,
  ): Promise<CancelRedemptionResponse> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.idempotency.once(
          { actor, operation: RPC.vouchers.cancelRedemption, request: input },
          (tx) => this.cancelIn(tx, actor, input, meta),
        );
      } catch (error) {
        // Deadlock or serialization failure only: a connection lost during the commit may have cancelled it.
        if (!isRetryable(error, { connectionLoss: false })) throw error;
        if (attempt >= ATTEMPTS) throw DomainError.conflict(CANCEL_RACE_MESSAGE);
      }
    }
  }

  private async cancelIn(
    tx: Tx,
    actor: Actor,
    input: { id: string; reason: string },
    meta: RpcMeta,
  ): Promise<CancelRedemptionResponse> {
    const id = input.id.toLowerCase();
    const found = await this.redemptions.find(id, actor, tx);
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

    const cancelled = await this.redemptions.cancel(tx, {
      redemptionId: id,
      at: now.toISOString(),
      cancelledBy: authorOf(actor),
      cancelledByUserId: UUID_PATTERN.test(actor.userId) ? actor.userId : null,
      reason: input.reason,
      timeZone: this.settings.timeZone,
      meta,
    });
    if (!cancelled) {
      // Another cancel won meanwhile (or the code was deleted with its redemptions).
      const now2 = await this.redemptions.find(id, actor, tx);
      if (now2?.status === 'cancelled') throw DomainError.conflict(ALREADY_CANCELLED_MESSAGE);
      throw redemptionNotFound();
    }
    const code = await this.codes.findCurrent(cancelled.qr_code_id, tx);
    if (!code) throw redemptionNotFound();
    return {
      message: REDEMPTION_CANCELLED_MESSAGE,
      redemption: toTillRedemption(cancelled, actor, now, this.undoMinutes),
      voucher: toPublicVoucher(code, this.settings.mapping(now)),
    };
  }
}
