import {
  type Actor,
  RPC,
  TILL_CONFLICT_REFUSALS,
  TILL_CONFLICTS_DEFAULT_LIMIT,
  type TillConflict,
  type TillConflictRefusal,
  type TillConflictsPage,
  type TillConflictsRequest,
  UUID_PATTERN,
} from '@avpass/contracts';
import { messageCode } from '@avpass/contracts/message-codes';
import { DomainError, Idempotency, nextCursor } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NO_COMPANY_MESSAGE } from '../codes';
import { splitTillName } from '../holders';
import { VouchersSettings } from '../settings';
import { TillConflictsRepository, type TillConflictRow } from './till-conflicts.repository';
import { tillTitle } from './till-title';

export const TILL_CONFLICT_NOT_FOUND = 'Conflict not found';
export const OTHER_PARTNER_CONFLICTS_MESSAGE = "You may only see your own partner's conflicts";

/** The refusal word of a redeem's refusal, read from its message's code (message-codes.ts); null: not a refusal of the code. */
export function conflictRefusalOf(message: string): TillConflictRefusal | null {
  const code = messageCode(message)?.code ?? '';
  const words: [RegExp, TillConflictRefusal][] = [
    [/^voucher\.redeem\.used-up$/, 'used_up'],
    [/^voucher\.redeem\.expired$/, 'expired'],
    [/^voucher\.redeem\.inactive$/, 'inactive'],
    [/^voucher\.redeem\.(upcoming|valid-from)$/, 'upcoming'],
    [/^voucher\.redeem\.outside-hours$/, 'outside_hours'],
    [/^voucher\.redeem\.member-limit\./, 'member_limit'],
    [/^voucher\.redeem\.member-daily-cap/, 'member_daily_cap'],
    [/^till\.not-valid-here$/, 'not_valid_here'],
    [/^voucher\.not-found$/, 'not_found'],
  ];
  const found = words.find(([pattern]) => pattern.test(code));
  return found && TILL_CONFLICT_REFUSALS.includes(found[1]) ? found[1] : null;
}

export const CONFLICT_NOT_RECORDED_MESSAGE =
  'The refusal could not be recorded yet; the till will send this redemption again';

/** 503 with Retry-After: the till keeps the redemption queued and sends it again later. */
export const conflictNotRecorded = () =>
  new DomainError('SERVICE_UNAVAILABLE', CONFLICT_NOT_RECORDED_MESSAGE, undefined, 5);

/** What the till sent for the redemption that was refused, and where and by whom. */
export interface RefusedScan {
  actor: Actor;
  partnerId: string | null;
  partnerName: string | null;
  staffName: string;
  qrCodeId: string;
  memberId: string | null;
  scannedAt: string;
  transactionAmount: number | null;
  /** The redeem request as sent (its Idempotency-Key makes the record once per key). */
  request: { idempotencyKey?: string | undefined } & Record<string, unknown>;
}

/**
 * "Needs attention" (issue 43, decision 366): a redemption a till kept offline and the server refused
 * at sync is recorded once (per the redeem's Idempotency-Key: a retry of the same queued redemption
 * records nothing more), listed for the administrator (every till, or one partner's) and for the
 * partner's own staff, and marked handled once.
 */
@Injectable()
export class TillConflictsService {
  private readonly logger = new Logger(TillConflictsService.name);

  constructor(
    private readonly conflicts: TillConflictsRepository,
    private readonly idempotency: Idempotency,
    private readonly settings: VouchersSettings,
  ) {}

  /**
   * Records the refusal of an offline redemption. Returns the refusal word, or null when `error` is not
   * a refusal of the code. When the record cannot be written, a 503 instead of the refusal: the till
   * keeps the redemption queued and sends it again with its key, so it drops one only once its conflict
   * is on the list (a refusal the till dropped unrecorded would be lost to "Needs attention").
   */
  async recordRefusal(scan: RefusedScan, error: DomainError): Promise<TillConflictRefusal | null> {
    const refusal = conflictRefusalOf(error.message);
    if (!refusal) return null;
    const code = messageCode(error.message);
    try {
      await this.idempotency.once(
        {
          actor: scan.actor,
          operation: 'vouchers.till.conflicts.record',
          request: scan.request,
          unfingerprinted: ['requestOrigin'],
        },
        async (tx) => {
          await this.conflicts.record(tx, {
            id: randomUUID(),
            qrCodeId: scan.qrCodeId,
            partnerId: scan.partnerId,
            partnerName: scan.partnerName,
            staffUserId: UUID_PATTERN.test(scan.actor.userId) ? scan.actor.userId : null,
            staffName: scan.staffName,
            scannedAt: scan.scannedAt,
            transactionAmount: scan.transactionAmount,
            refusal,
            reason: error.message,
            reasonCode: code?.code ?? null,
            reasonParams: code?.params ?? null,
            memberId: scan.memberId,
            createdAt: this.settings.now().toISOString(),
          });
          return null;
        },
      );
    } catch (failure) {
      this.logger.error(`an offline redemption's refusal could not be recorded: ${String(failure)}`);
      throw conflictNotRecorded();
    }
    return refusal;
  }

  async list(actor: Actor, input: TillConflictsRequest): Promise<TillConflictsPage> {
    const partnerId = this.scopeOf(actor, input.partnerId);
    const limit = input.limit ?? TILL_CONFLICTS_DEFAULT_LIMIT;
    const rows = await this.conflicts.page(partnerId, input.status ?? 'open', input.cursor, limit);
    return { items: rows.map(toConflict), nextCursor: nextCursor(rows, limit) };
  }

  /** Marks a conflict handled (200 with it); a repeat, or a second user, finds it handled and changes nothing. */
  async handle(
    actor: Actor,
    input: { id: string; idempotencyKey?: string | undefined },
    by: string,
  ): Promise<TillConflict> {
    const id = input.id.toLowerCase();
    const visible = await this.visible(actor, id);
    if (!visible) throw DomainError.notFound('Conflict');
    await this.idempotency.once(
      { actor, operation: RPC.vouchers.handleTillConflict, request: input },
      async (tx) => {
        await this.conflicts.handle(
          tx,
          id,
          this.settings.now().toISOString(),
          by,
          UUID_PATTERN.test(actor.userId) ? actor.userId : null,
        );
        return null;
      },
    );
    return toConflict((await this.conflicts.find(id))!);
  }

  private async visible(actor: Actor, id: string): Promise<TillConflictRow | null> {
    const row = await this.conflicts.find(id);
    if (!row) return null;
    if (actor.role === 'super_admin') return row;
    return row.partner_id && row.partner_id === actor.companyId?.toLowerCase() ? row : null;
  }

  /** The partner whose conflicts the actor may list: the administrator any (null: all), staff their own. */
  private scopeOf(actor: Actor, asked: string | undefined): string | null {
    if (actor.role === 'super_admin') return asked?.toLowerCase() ?? null;
    if (!actor.companyId) throw DomainError.forbidden(NO_COMPANY_MESSAGE);
    const own = actor.companyId.toLowerCase();
    if (asked && asked.toLowerCase() !== own) throw DomainError.forbidden(OTHER_PARTNER_CONFLICTS_MESSAGE);
    return own;
  }
}

function toConflict(row: TillConflictRow): TillConflict {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: row.id,
    qrCodeId: row.qr_code_id,
    title:
      row.clinic_name !== null
        ? tillTitle({
            custom_title: row.custom_title,
            clinic_name: row.clinic_name,
            service: row.service ?? '',
          })
        : null,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    staffName: row.staff_name,
    scannedAt: iso(row.scanned_at)!,
    createdAt: iso(row.created_at)!,
    transactionAmount: row.transaction_amount,
    refusal: row.refusal as TillConflictRefusal,
    reason: row.reason,
    ...(row.reason_code ? { reasonCode: row.reason_code } : {}),
    ...(row.reason_params ? { reasonParams: row.reason_params } : {}),
    memberId: row.member_id,
    ...(row.holder_name ? { holder: splitTillName(row.holder_name) } : {}),
    handledAt: iso(row.handled_at),
    handledBy: row.handled_by,
  };
}
