import {
  RPC,
  type Actor,
  type BulkAssignPartnersRequest,
  type BulkAssignPartnersResponse,
  type PartnerOfferCounts,
  type QrCodePartner as QrCodePartnerDto,
  type RpcMeta,
} from '@avpass/contracts';
import { todayInTimeZone } from '@avpass/domain';
import {
  AuditTrail,
  DomainError,
  EventOutbox,
  Idempotency,
  isUniqueViolation,
  Transactions,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { QrCodePartner } from './qr-code-partner.entity';
import { type QrCode, QrCodesRepository } from '../codes';
import { TalliesRepository } from '../tallies';
import { VouchersSettings } from '../settings';
import { AssignmentsRepository, type BulkTarget } from './assignments.repository';
import { PartnerDetails } from './partner-details';

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
    private readonly partners: PartnerDetails,
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * POST /api/qr-codes/assign-partners: a whole batch or a selection to each partner, in one
   * transaction and a few set-based statements whatever the size (100,000 codes: no row per round
   * trip), with the tallies and ONE vouchers.assignment.bulk-assigned.v1 event. Assignments already
   * active are left as they are (a repeat assigns 0), withdrawn ones come back. Every partner must
   * exist and every listed code too, or nothing changes (404). Once per Idempotency-Key.
   */
  async bulkAssign(
    actor: Actor,
    input: BulkAssignPartnersRequest & { partnerIds: string[] },
    meta: RpcMeta,
  ): Promise<BulkAssignPartnersResponse> {
    const known = await this.partners.lookUp(input.partnerIds, meta);
    if (input.partnerIds.some((id) => !known.has(id))) throw DomainError.notFound('Partner');
    const target: BulkTarget = input.batchId
      ? { batchId: input.batchId }
      : { qrCodeIds: input.qrCodeIds ?? [] };
    if ('batchId' in target && !(await this.assignments.batchExists(target.batchId))) {
      throw DomainError.notFound('Batch');
    }
    const call = { actor, operation: RPC.vouchers.bulkAssignPartners, request: input };
    return this.idempotency.once(call, async (tx) => {
      const codes = await this.assignments.lockCodes(tx, target);
      if ('qrCodeIds' in target && codes.length < target.qrCodeIds.length) {
        const missing = target.qrCodeIds.length - codes.length;
        throw new DomainError(
          'NOT_FOUND',
          missing === 1
            ? 'QR code not found: 1 of the selected codes does not exist. Nothing was assigned.'
            : `QR codes not found: ${missing} of the selected codes do not exist. Nothing was assigned.`,
        );
      }
      const byPartner = await this.assignments.bulkAssign(
        tx,
        target,
        input.partnerIds,
        actor.userId,
        this.settings.timeZone,
      );
      const assigned = byPartner.reduce((sum, p) => sum + p.assigned, 0);
      this.outbox.enqueueEvent(tx, 'vouchers.assignment.bulk-assigned.v1', {
        batchId: input.batchId ?? null,
        partnerIds: input.partnerIds,
        codes: codes.length,
        assigned,
        byPartner,
      });
      // One entry for the call, however many codes: the partners, the batch or selection, the counts.
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.assignment.bulk-assigned',
        targetType: input.batchId ? 'batch' : 'voucher',
        targetId: input.batchId ?? (codes.length === 1 ? (input.qrCodeIds?.[0] ?? null) : null),
        companyId: input.partnerIds.length === 1 ? input.partnerIds[0]! : null,
        changes: {
          partnerIds: { before: null, after: input.partnerIds },
          codes: { before: null, after: codes.length },
          assigned: { before: null, after: assigned },
        },
      });
      return { codes: codes.length, assigned };
    });
  }

  /** The landing page's figures of a page of partners (partners service), from the tallies. */
  async offerCounts(partnerIds: string[]): Promise<{ counts: PartnerOfferCounts[] }> {
    const today = todayInTimeZone(this.settings.now(), this.settings.timeZone);
    return { counts: await this.assignments.offerCounts(partnerIds, today) };
  }

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
    const activeBefore = current.filter((r) => r.isActive).map((r) => r.partnerId);
    const wanted = new Set(partnerIds);
    const added = partnerIds.filter((id) => !currentIds.has(id));
    const removed = current.filter((r) => !wanted.has(r.partnerId)).map((r) => r.partnerId);
    if (added.length) await this.assertPartnersExist(added, meta);

    try {
      await this.transactions.run(async (tx) => {
        if (removed.length) await this.assignments.remove(tx, codeId, removed);
        if (added.length) await this.assignments.insert(tx, codeId, added, actor.userId);
        // The code as this change left it, with its new version (read under the row lock).
        const snapshot = await this.tallies.assignmentsChanged(
          tx,
          codeId,
          added,
          removed,
          this.settings.timeZone,
        );
        if (added.length && snapshot) {
          this.outbox.enqueueEvent(tx, 'vouchers.voucher.assigned.v1', { ...snapshot, partnerIds: added });
        }
        if (removed.length) {
          this.outbox.enqueueEvent(tx, 'vouchers.voucher.unassigned.v1', {
            qrCodeId: codeId,
            partnerIds: removed,
          });
        }
        this.audit.appendEntry(tx, meta, {
          action: 'vouchers.assignment.changed',
          targetType: 'voucher',
          targetId: codeId,
          companyId: code.vendorId,
          changes: {
            partnerIds: { before: activeBefore, after: partnerIds },
            added: { before: null, after: added },
            removed: { before: null, after: removed },
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
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
    // The ids asked (at most 500), not every partner of the network.
    const known = await this.partners.lookUp(ids, meta);
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
