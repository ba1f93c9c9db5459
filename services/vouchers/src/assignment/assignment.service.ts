import { RPC, type Actor, type QrCodePartner as QrCodePartnerDto, type RpcMeta } from '@avpass/contracts';
import { DomainError, EventOutbox, RpcClient, Transactions } from '@avpass/platform';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { QrCodePartner } from '../codes/qr-code-partner.entity';
import type { QrCode } from '../codes/qr-code.entity';
import { QrCodesRepository } from '../codes/qr-codes.repository';
import { snapshotOf } from '../codes/snapshot';
import { TalliesRepository } from '../stats/tallies.repository';
import { VouchersSettings } from '../settings';
import { AssignmentsRepository } from './assignments.repository';

function toDto(row: QrCodePartner): QrCodePartnerDto {
  return {
    id: row.id,
    qrCodeId: row.qrCodeId,
    partnerId: row.partnerId,
    assignedAt: row.assignedAt.toISOString(),
    assignedBy: row.assignedBy,
    isActive: row.isActive,
  };
}

/** Which partner companies a code is assigned to (their staff then see it). Administrator only. */
@Injectable()
export class AssignmentService {
  constructor(
    private readonly transactions: Transactions,
    private readonly codes: QrCodesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly tallies: TalliesRepository,
    private readonly settings: VouchersSettings,
    private readonly outbox: EventOutbox,
    private readonly rpc: RpcClient,
  ) {}

  async list(codeId: string): Promise<QrCodePartnerDto[]> {
    await this.requireCode(codeId);
    return (await this.assignments.listActive(codeId)).map(toDto);
  }

  /**
   * Replaces the set: partners not in it lose the code, new ones get it. Newly added partners must
   * exist (asked of the partners service); one that was deleted can still be removed.
   */
  async replace(
    actor: Actor,
    codeId: string,
    partnerIds: string[],
    meta: RpcMeta,
  ): Promise<QrCodePartnerDto[]> {
    const code = await this.requireCode(codeId);
    const current = await this.assignments.listAll(codeId);
    const currentIds = new Set(current.map((r) => r.partnerId));
    const wanted = new Set(partnerIds);
    const added = partnerIds.filter((id) => !currentIds.has(id));
    const removed = current.filter((r) => !wanted.has(r.partnerId)).map((r) => r.partnerId);
    if (added.length) await this.assertPartnersExist(added, meta);

    try {
      await this.transactions.run(async (tx) => {
        if (removed.length) await this.assignments.remove(tx, codeId, removed);
        if (added.length) {
          await this.assignments.insert(tx, codeId, added, actor.userId);
          this.outbox.record(tx, 'vouchers.voucher.assigned.v1', { ...snapshotOf(code), partnerIds: added });
        }
        await this.tallies.assignmentsChanged(tx, codeId, added, removed, this.settings.timeZone);
        if (removed.length) {
          this.outbox.record(tx, 'vouchers.voucher.unassigned.v1', { qrCodeId: codeId, partnerIds: removed });
        }
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw DomainError.conflict('The partners of this code changed at the same time. Please try again.');
      }
      throw error;
    }
    // As committed, not as this call loaded them before the change.
    return (await this.assignments.listActiveNow(codeId)).map(toDto);
  }

  private async requireCode(codeId: string): Promise<QrCode> {
    const code = await this.codes.findById(codeId);
    if (!code) throw DomainError.notFound('QR code');
    return code;
  }

  private async assertPartnersExist(ids: string[], meta: RpcMeta): Promise<void> {
    const vendors = await this.rpc.call(
      RPC.partners.list,
      {},
      { requestId: meta.requestId, ...(meta.actor ? { actor: meta.actor } : {}) },
    );
    const known = new Set(vendors.map((v) => v.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) {
      const message =
        unknown.length === 1
          ? `Partner not found: ${unknown[0]}`
          : `Partners not found: ${unknown.join(', ')}`;
      throw DomainError.validation(message, { partnerIds: [message] });
    }
  }
}
