import {
  BULK_FIRST_PAGE,
  DEFAULT_CARD_LANGUAGE,
  bulkMaxMessage,
  PARTNER_NAME_MESSAGE,
  PAST_EXPIRY_MESSAGE,
  RPC,
  type Actor,
  type BulkGenerateInput,
  type BulkGenerateResponse,
  type GenerateQrInput,
  type MessageResponse,
  type QrCode as QrCodeDto,
  type RpcMeta,
  type VoucherSettings,
} from '@avpass/contracts';
import { isExpired } from '@avpass/domain';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  EventOutbox,
  Idempotency,
  PartnerDirectory,
  Transactions,
  type Tx,
} from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { assignMadeCodesSql } from '../assignment';
import { VouchersSettings, VoucherSettingsRepository } from '../settings';
import { AssignmentsRepository } from '../assignment';
import { TalliesRepository } from '../tallies';
import {
  codeAuditFields,
  QrCode,
  toBatchCode,
  toQrCode,
  QrCodesRepository,
  NEW_CODE_VERSION,
  snapshotOf,
} from '../codes';
import { FALLBACK_ORIGIN, NO_COMPANY_MESSAGE, ORIGIN_FIELDS, OWN_COMPANY_ONLY_MESSAGE } from '../codes';
import { Batch, BatchesRepository } from '../batches';

type CommonInput = Omit<GenerateQrInput, 'clinic'>;

/** Whose a new code is: the partner it belongs to (vendorId, assigned to it at once) and its name. */
interface CodeOwner {
  partnerId: string | null;
  clinicName: string;
}

/**
 * A batch of this many codes or more is followed by ANALYZE of qr_codes: until its statistics know the
 * new batch_id, the planner expects a handful of rows and reads the batch's pages (its ZIP, View Codes)
 * as a bitmap scan and a sort of the whole batch — every page, 5 ms at 10,000 codes and growing with
 * the batch — instead of walking qr_codes_batch_id_created_at_index (0.1 ms). Autovacuum would get
 * there within minutes; a ZIP is often asked for at once.
 */
export const ANALYZE_AFTER_BATCH_CODES = 1000;

@Injectable()
export class QrCodesService {
  private readonly logger = new Logger('QrCodesService');

  constructor(
    private readonly codes: QrCodesRepository,
    private readonly batches: BatchesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly tallies: TalliesRepository,
    private readonly outbox: EventOutbox,
    private readonly settings: VouchersSettings,
    private readonly idempotency: Idempotency,
    private readonly transactions: Transactions,
    private readonly partners: PartnerDirectory,
    private readonly voucherSettings: VoucherSettingsRepository,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * One code and its voucher.created event, in one transaction; once per Idempotency-Key. A code made
   * for a partner (`partnerId`, or a company_admin's own company) is that partner's (vendorId) and is
   * assigned to it in the same transaction, so its portal lists and counts it at once.
   */
  generate(actor: Actor, input: GenerateQrInput, meta: RpcMeta): Promise<QrCodeDto> {
    const call = { actor, operation: RPC.vouchers.generate, request: input, unfingerprinted: ORIGIN_FIELDS };
    return this.idempotency.once(call, async (tx) => {
      this.refusePastExpiry(input.expirationDate);
      const owner = await this.ownerOf(actor, input.partnerId, input.clinic, 'clinic', meta);
      const defaults = await this.voucherSettings.defaults(tx);
      const code = Object.assign(this.newCode(actor, owner.clinicName, input, defaults), {
        vendorId: owner.partnerId,
      });
      const partnerIds = owner.partnerId ? [owner.partnerId] : [];
      await this.codes.insertMany(tx, [code]);
      await this.tallies.codesCreated(tx, [code]);
      let snapshot = snapshotOf(code, NEW_CODE_VERSION);
      if (partnerIds.length) {
        await this.assignments.insert(tx, code.id, partnerIds, actor.userId);
        snapshot =
          (await this.tallies.assignmentsChanged(tx, code.id, partnerIds, [], this.settings.timeZone)) ??
          snapshot;
      }
      this.outbox.enqueueEvent(tx, 'vouchers.voucher.created.v1', {
        ...snapshot,
        partnerIds,
        vendorId: code.vendorId,
      });
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.voucher.created',
        targetType: 'voucher',
        targetId: code.id,
        companyId: code.vendorId,
        changes: diffChanges(null, codeAuditFields(code)),
      });
      return toQrCode(code, this.settings.mapping(), partnerIds.length);
    });
  }

  /**
   * The partner a new code belongs to. The administrator names one (`partnerId`) or none (a club-wide
   * code, which then needs a partner name); a company_admin's codes are always its own company's: a
   * body naming another partner is refused (403), never silently rewritten. A partner the partners
   * service does not know is 404 'Partner not found'. The name defaults to the partner's.
   */
  private async ownerOf(
    actor: Actor,
    partnerId: string | null,
    name: string | null,
    nameField: 'clinic' | 'facility',
    meta: RpcMeta,
  ): Promise<CodeOwner> {
    let owner = partnerId;
    if (actor.role !== 'super_admin') {
      if (!actor.companyId) throw DomainError.forbidden(NO_COMPANY_MESSAGE);
      if (owner && owner !== actor.companyId.toLowerCase())
        throw DomainError.forbidden(OWN_COMPANY_ONLY_MESSAGE);
      owner = actor.companyId.toLowerCase();
    }
    if (owner) {
      const partnerName = await this.partners.nameOf(owner, meta, 'Partner');
      return { partnerId: owner, clinicName: name ?? partnerName };
    }
    if (!name) throw DomainError.validation(PARTNER_NAME_MESSAGE, { [nameField]: [PARTNER_NAME_MESSAGE] });
    return { partnerId: null, clinicName: name };
  }

  /** A date-only expiry runs through the end of that business day: today is fine, yesterday is not. */
  private refusePastExpiry(expirationDate: string): void {
    if (isExpired(expirationDate, this.settings.now(), this.settings.timeZone)) {
      throw DomainError.validation(PAST_EXPIRY_MESSAGE, { expirationDate: [PAST_EXPIRY_MESSAGE] });
    }
  }

  /**
   * The whole batch in one transaction, all or nothing: its row, its codes (one set-based INSERT …
   * SELECT, up to BULK_MAX_QUANTITY = 100,000 by default), the tally and one vouchers.batch.created
   * event. The answer stays small whatever the size: the batch, its count and its first page. Once per
   * Idempotency-Key: a retry after a lost answer gets the first batch, not a second one.
   */
  async bulkGenerate(actor: Actor, input: BulkGenerateInput, meta: RpcMeta): Promise<BulkGenerateResponse> {
    let made = false;
    const call = {
      actor,
      operation: RPC.vouchers.bulkGenerate,
      request: input,
      unfingerprinted: ORIGIN_FIELDS,
    };
    const answer = await this.idempotency.once(call, async (tx) => {
      made = true;
      return this.bulkGenerateOnce(tx, actor, input, meta);
    });
    if (made && input.quantity >= ANALYZE_AFTER_BATCH_CODES)
      // After the commit, beside the answer: a failure only leaves the plans to autovacuum.
      void this.codes
        .analyze()
        .catch((error: unknown) =>
          this.logger.warn(`ANALYZE after batch ${answer.batchId} failed: ${String(error)}`),
        );
    return answer;
  }

  private async bulkGenerateOnce(
    tx: Tx,
    actor: Actor,
    input: BulkGenerateInput,
    meta: RpcMeta,
  ): Promise<BulkGenerateResponse> {
    const max = this.settings.config.BULK_MAX_QUANTITY;
    if (input.quantity > max)
      throw DomainError.validation(bulkMaxMessage(max), { quantity: [bulkMaxMessage(max)] });
    this.refusePastExpiry(input.expirationDate);
    const owner = await this.ownerOf(actor, input.partnerId, input.facility, 'facility', meta);
    const batch = Object.assign(new Batch(), {
      name: input.batchName,
      count: input.quantity,
      createdBy: actor.userId,
      // Absent (an older client): English, as every card printed before issue 42.
      cardLanguage: input.cardLanguage ?? DEFAULT_CARD_LANGUAGE,
    });
    const defaults = await this.voucherSettings.defaults(tx);
    const template = Object.assign(this.newCode(actor, owner.clinicName, input, defaults), {
      batchId: batch.id,
      batchName: batch.name,
      vendorId: owner.partnerId,
    });
    const urlPrefix = template.qrUrl.slice(0, -template.id.length);
    await this.batches.insert(tx, batch);
    // A partner's batch is assigned to it in the same statements (set-based, however many codes).
    const firstPage = await this.codes.insertCopies(
      tx,
      template,
      input.quantity,
      urlPrefix,
      BULK_FIRST_PAGE,
      { sql: assignMadeCodesSql, params: [actor.userId, template.createdAt.toISOString()] },
    );
    await this.tallies.batchCodesCreated(
      tx,
      batch.id,
      input.quantity,
      owner.partnerId ? [owner.partnerId] : [],
    );
    this.outbox.enqueueEvent(tx, 'vouchers.batch.created.v1', {
      batchId: batch.id,
      batchName: batch.name,
      count: input.quantity,
    });
    // ONE entry for the batch (its count and its codes' terms), not one per code.
    this.audit.appendEntry(tx, meta, {
      action: 'vouchers.batch.created',
      targetType: 'batch',
      targetId: batch.id,
      companyId: owner.partnerId,
      changes: diffChanges(null, {
        batchName: batch.name,
        count: input.quantity,
        cardLanguage: batch.cardLanguage,
        ...codeAuditFields(template),
      }),
    });
    const ctx = this.settings.mapping();
    return {
      batchId: batch.id,
      batchName: batch.name,
      count: input.quantity,
      cardLanguage: batch.cardLanguage,
      sample: toQrCode(firstPage[0]!, ctx, owner.partnerId ? 1 : 0),
      qrCodes: firstPage.map((c) => toBatchCode(c, ctx)),
    };
  }

  /**
   * The administrator deletes the code (its redemptions and assignments go with it); a company only
   * removes the code from itself, others keep it.
   */
  async remove(actor: Actor, id: string, meta: RpcMeta): Promise<MessageResponse> {
    if (actor.role === 'super_admin') {
      await this.transactions.run(async (tx) => {
        const code = await this.codes.findById(id, tx);
        if (!code) throw DomainError.notFound('QR code');
        const partners = await this.assignments.listActive(id, tx);
        await this.tallies.codeDeleted(tx, id, this.settings.timeZone);
        await this.codes.delete(tx, id);
        this.outbox.enqueueEvent(tx, 'vouchers.voucher.deleted.v1', {
          qrCodeId: id,
          partnerIds: partners.map((p) => p.partnerId),
        });
        this.audit.appendEntry(tx, meta, {
          action: 'vouchers.voucher.deleted',
          targetType: 'voucher',
          targetId: id,
          companyId: code.vendorId,
          changes: diffChanges(
            {
              ...codeAuditFields(code),
              usageCount: code.usageCount,
              partnerIds: partners.map((p) => p.partnerId),
            },
            null,
          ),
        });
      });
      return { message: 'QR code deleted' };
    }
    const companyId = actor.companyId;
    if (!companyId) throw DomainError.notFound('QR code');
    await this.transactions.run(async (tx) => {
      const removed = await this.assignments.remove(tx, id, [companyId]);
      if (!removed) throw DomainError.notFound('QR code');
      await this.tallies.assignmentsChanged(tx, id, [], [companyId], this.settings.timeZone);
      this.outbox.enqueueEvent(tx, 'vouchers.voucher.unassigned.v1', {
        qrCodeId: id,
        partnerIds: [companyId],
      });
      // A company lets go of the code: its own assignment ends, the code stays.
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.voucher.unassigned',
        targetType: 'voucher',
        targetId: id,
        companyId,
        changes: { partnerIds: { before: [companyId], after: [] } },
      });
    });
    return { message: 'QR code removed from your company' };
  }

  private newCode(actor: Actor, clinicName: string, input: CommonInput, defaults: VoucherSettings): QrCode {
    const code = new QrCode();
    const { deploymentUrl, idempotencyKey: _key, ...sent } = input;
    const origin = (this.settings.config.PUBLIC_URL ?? deploymentUrl ?? FALLBACK_ORIGIN).replace(/\/+$/, '');
    return Object.assign(code, {
      companyId: actor.companyId,
      createdByUserId: actor.userId,
      clinicName,
      discountType: input.discountType,
      discountValue: input.discountValue,
      service: input.service,
      expirationDate: input.expirationDate,
      startDate: input.startDate ?? null,
      usageLimit: input.usageLimit,
      terms: input.terms ?? null,
      customTitle: input.customTitle ?? null,
      partnerType: input.partnerType,
      logoUrl: input.logoUrl ?? null,
      // Absent from the request (an older client): the club-wide defaults (Settings).
      redemptionMode: input.redemptionMode ?? defaults.defaultRedemptionMode,
      fundedBy: input.fundedBy ?? defaults.defaultFundedBy,
      perMemberCount: input.perMemberLimit?.count ?? null,
      perMemberPeriod: input.perMemberLimit?.period ?? null,
      qrUrl: `${origin}/voucher/${code.id}`,
      qrData: { ...sent, clinic: clinicName },
    });
  }
}
