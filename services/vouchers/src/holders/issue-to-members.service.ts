import {
  REDEEM_REFUSALS,
  tillHolderName,
  type CheckSendSourceResponse,
  type CodeHolder,
  type IssueToMembersRequest,
  type IssueToMembersResponse,
  type RpcMeta,
} from '@avpass/contracts';
import { voucherStatus } from '@avpass/domain';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  isUniqueViolation,
  Transactions,
  type Tx,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AssignmentsRepository } from '../assignment';
import { BatchesRepository } from '../batches';
import { codeAuditFields, HolderWritesRepository, QrCode, QrCodesRepository } from '../codes';
import { VouchersSettings } from '../settings';
import { IssueCopiesRepository } from './issue-copies.repository';

/** Why a member of a batch's send got no code. */
export const BATCH_EXHAUSTED_REASON = 'The batch has no unused code left for this member';

type Issued = IssueToMembersResponse['issued'][number];

/**
 * One code per member (issue 41, decision 321): from a voucher, a new code copying it whose limit group
 * is the voucher; from a batch, one of its unused codes nobody holds, oldest first. Idempotent per
 * (member, source): qr_codes_issued_unique holds it, and a transaction that loses a race to it runs
 * once more and finds the winner's codes (created: false).
 */
@Injectable()
export class IssueToMembersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly codes: QrCodesRepository,
    private readonly holders: HolderWritesRepository,
    private readonly batches: BatchesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly copies: IssueCopiesRepository,
    private readonly audit: AuditTrail,
    private readonly settings: VouchersSettings,
  ) {}

  async issue(input: IssueToMembersRequest, meta: RpcMeta): Promise<IssueToMembersResponse> {
    const holders = uniqueHolders(input.holders);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transactions.run((tx) =>
          'qrCodeId' in input.source
            ? this.fromVoucher(tx, input.source.qrCodeId.toLowerCase(), holders, meta)
            : this.fromBatch(tx, input.source.batchId.toLowerCase(), holders, meta),
        );
      } catch (error) {
        if (attempt < 3 && isUniqueViolation(error, 'qr_codes_issued_unique')) continue;
        throw error;
      }
    }
  }

  /**
   * Before a send is recorded (decision 340): the batch or voucher exists (404), and a voucher may still
   * be given out: an inactive, used-up or expired one is a 409 in the redeem's words (an upcoming one may
   * be sent ahead of its start). A batch's codes are checked member by member as they are given.
   */
  async checkSource(source: IssueToMembersRequest['source']): Promise<CheckSendSourceResponse> {
    if ('batchId' in source) {
      if (!(await this.batches.find(source.batchId.toLowerCase()))) throw DomainError.notFound('Batch');
      return { kind: 'batch' };
    }
    const code = await this.codes.findById(source.qrCodeId.toLowerCase());
    if (!code) throw DomainError.notFound('QR code');
    const status = voucherStatus(code, new Date(), this.settings.timeZone);
    if (status === 'inactive' || status === 'used_up' || status === 'expired')
      throw new DomainError('CONFLICT', REDEEM_REFUSALS[status], undefined, undefined, { reason: status });
    return { kind: 'voucher' };
  }

  private async fromVoucher(
    tx: Tx,
    sourceId: string,
    holders: CodeHolder[],
    meta: RpcMeta,
  ): Promise<IssueToMembersResponse> {
    const source = await this.codes.findById(sourceId, tx);
    if (!source) throw DomainError.notFound('QR code');
    // A member's copy of a voucher counts with the voucher it was copied from.
    const group = source.holderSource ?? source.id;
    const { issued, missing } = await this.alreadyIssued(tx, group, holders);
    if (!missing.length) return { issued, refused: [] };
    const partnerIds = (await this.assignments.listActive(source.id, tx)).map((p) => p.partnerId);
    const terms = copyTerms(source, group);
    const made = missing.map((holder) => copyFor(source, terms, holder));
    const written = await this.copies.write(
      tx,
      made,
      partnerIds,
      meta.actor?.userId ?? null,
      this.settings.timeZone,
    );
    const given = made.filter((code) => written.has(code.id));
    // One entry for the chunk, not one per code (decision 346): who gave which member which copy.
    if (given.length)
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.voucher.copies-issued',
        targetType: 'voucher',
        targetId: source.id,
        companyId: source.vendorId ?? null,
        changes: copiesIssuedChanges(given),
      });
    // A member whose copy a concurrent call made after our look: that call's code, as it stands.
    const late = made.filter((code) => !written.has(code.id));
    const theirs = late.length
      ? new Map(
          (
            await this.holders.issuedFrom(
              tx,
              group,
              late.map((c) => c.holderMemberId!),
            )
          ).map((r) => [r.memberId, r.id]),
        )
      : new Map<string, string>();
    for (const code of made) {
      const memberId = code.holderMemberId!;
      if (written.has(code.id))
        issued.push({ memberId, qrCodeId: code.id, publicId: code.id, created: true });
      else {
        const id = theirs.get(memberId);
        if (!id) throw new Error(`member ${memberId}'s copy of ${group} was neither made nor found`);
        issued.push({ memberId, qrCodeId: id, publicId: id, created: false });
      }
    }
    return { issued, refused: [] };
  }

  private async fromBatch(
    tx: Tx,
    batchId: string,
    holders: CodeHolder[],
    meta: RpcMeta,
  ): Promise<IssueToMembersResponse> {
    if (!(await this.batches.find(batchId))) throw DomainError.notFound('Batch');
    const { issued, missing } = await this.alreadyIssued(tx, batchId, holders);
    const free = await this.holders.unheldBatchCodes(tx, batchId, missing.length);
    const given = missing.slice(0, free.length).map((holder, i) => ({
      id: free[i]!,
      memberId: holder.memberId.toLowerCase(),
      holderName: tillHolderName(holder.firstName, holder.lastName),
      source: batchId,
    }));
    await this.holders.hold(tx, given);
    for (const row of given)
      issued.push({ memberId: row.memberId, qrCodeId: row.id, publicId: row.id, created: true });
    // One entry for the chunk, not one per code (decision 346): who gave which member which code.
    if (given.length)
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.batch.codes-issued',
        targetType: 'batch',
        targetId: batchId,
        companyId: null,
        changes: {
          codes: { before: null, after: given.length },
          holders: {
            before: null,
            after: given.map((row) => ({ qrCodeId: row.id, memberId: row.memberId })),
          },
        },
      });
    const refused = missing
      .slice(free.length)
      .map((holder) => ({ memberId: holder.memberId.toLowerCase(), reason: BATCH_EXHAUSTED_REASON }));
    return { issued, refused };
  }

  /** The members who already got a code from `source` (answered as they are) and those who did not. */
  private async alreadyIssued(
    tx: Tx,
    source: string,
    holders: CodeHolder[],
  ): Promise<{ issued: Issued[]; missing: CodeHolder[] }> {
    const ids = holders.map((h) => h.memberId.toLowerCase());
    const found = new Map((await this.holders.issuedFrom(tx, source, ids)).map((r) => [r.memberId, r.id]));
    const issued: Issued[] = [];
    const missing: CodeHolder[] = [];
    for (const holder of holders) {
      const id = found.get(holder.memberId.toLowerCase());
      if (id)
        issued.push({ memberId: holder.memberId.toLowerCase(), qrCodeId: id, publicId: id, created: false });
      else missing.push(holder);
    }
    return { issued, missing };
  }
}

/** The request's members, each once (the first mention wins), in the order sent. */
function uniqueHolders(holders: readonly CodeHolder[]): CodeHolder[] {
  const seen = new Set<string>();
  return holders.filter((h) => {
    const id = h.memberId.toLowerCase();
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * A chunk of copies in its audit entry: the terms they share (as each copy's own entry said them) and,
 * per copy, its code and its member, by id only (decision 310: no name enters the audit trail).
 */
function copiesIssuedChanges(copies: readonly QrCode[]) {
  return diffChanges(null, {
    ...codeAuditFields(copies[0]!),
    copies: copies.length,
    holders: copies.map((code) => ({ qrCodeId: code.id, memberId: code.holderMemberId })),
  });
}

/**
 * What every copy of the voucher in a chunk shares: a new code's defaults and the voucher's terms, as a
 * plain object. A copy is written by one statement from its values (IssueCopiesRepository), never by the
 * ORM, so it is not made an entity: an entity sets each of its forty fields through the ORM's tracking
 * accessors, which cost more than the rest of the chunk (decision 346).
 */
function copyTerms(source: QrCode, group: string): QrCode {
  const defaults = Object.fromEntries(Object.entries(new QrCode()).filter(([key]) => !key.startsWith('__')));
  return {
    ...defaults,
    companyId: source.companyId,
    vendorId: source.vendorId,
    createdByUserId: source.createdByUserId,
    clinicId: source.clinicId,
    clinicName: source.clinicName,
    discountType: source.discountType,
    discountValue: source.discountValue,
    service: source.service,
    expirationDate: source.expirationDate,
    startDate: source.startDate,
    usageLimit: source.usageLimit,
    redemptionMode: source.redemptionMode,
    fundedBy: source.fundedBy,
    terms: source.terms,
    logoUrl: source.logoUrl,
    qrData: source.qrData,
    customTitle: source.customTitle,
    partnerType: source.partnerType,
    qrType: source.qrType,
    isProjectRootedExclusive: source.isProjectRootedExclusive,
    exclusiveType: source.exclusiveType,
    exclusiveDetails: source.exclusiveDetails,
    exclusiveEventDate: source.exclusiveEventDate,
    perMemberCount: source.perMemberCount,
    perMemberPeriod: source.perMemberPeriod,
    holderSource: group,
  } as QrCode;
}

/** A new code copying the voucher's terms for one member (its own id, link and usage). */
function copyFor(source: QrCode, terms: QrCode, holder: CodeHolder): QrCode {
  const id = randomUUID();
  const memberId = holder.memberId.toLowerCase();
  return {
    ...terms,
    id,
    qrUrl: `${source.qrUrl.slice(0, source.qrUrl.length - source.id.length)}${id}`,
    holderMemberId: memberId,
    issuedFor: memberId,
    holderName: tillHolderName(holder.firstName, holder.lastName),
  };
}
