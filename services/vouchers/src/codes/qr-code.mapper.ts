import type { BatchCode, PublicVoucher, QrCode as QrCodeDto } from '@avpass/contracts';
import { voucherStatus } from '@avpass/domain';
import type { MappingContext } from '../settings';
import type { QrCode } from './qr-code.entity';

export type { MappingContext };

/** PUBLIC_URL wins when configured; otherwise the link recorded when the code was made. */
export function qrUrlOf(code: Pick<QrCode, 'id' | 'qrUrl'>, ctx: MappingContext): string {
  return ctx.publicUrl ? `${ctx.publicUrl}/voucher/${code.id}` : code.qrUrl;
}

export function statusOf(code: QrCode, ctx: MappingContext): QrCodeDto['status'] {
  return voucherStatus(code, ctx.now, ctx.timeZone);
}

export function toQrCode(code: QrCode, ctx: MappingContext, partnerCount = 0): QrCodeDto {
  return {
    id: code.id,
    qrUrl: qrUrlOf(code, ctx),
    clinicName: code.clinicName,
    vendorId: code.vendorId,
    createdByUserId: code.createdByUserId,
    discountType: code.discountType,
    discountValue: code.discountValue,
    service: code.service,
    expirationDate: code.expirationDate,
    startDate: code.startDate ?? null,
    usageLimit: code.usageLimit,
    usageCount: code.usageCount,
    terms: code.terms,
    logoUrl: code.logoUrl,
    batchId: code.batchId,
    batchName: code.batchName,
    customTitle: code.customTitle,
    partnerType: code.partnerType,
    qrType: code.qrType,
    trainerName: code.trainerName,
    trainerImage: code.trainerImage,
    trainerRole: code.trainerRole,
    isActive: code.isActive,
    isProjectRootedExclusive: code.isProjectRootedExclusive,
    exclusiveType: code.exclusiveType,
    exclusiveDetails: code.exclusiveDetails,
    status: statusOf(code, ctx),
    partnerCount,
    createdAt: code.createdAt.toISOString(),
    redemptionMode: code.redemptionMode === 'staff' ? 'staff' : 'self',
    fundedBy: code.fundedBy === 'club' ? 'club' : 'partner',
    perMemberLimit:
      code.perMemberCount != null && code.perMemberPeriod != null
        ? { count: code.perMemberCount, period: code.perMemberPeriod }
        : null,
    holder: code.holderMemberId ?? null,
  };
}

/** A member's phone sees no creator, batch, vendor, assignment, nor who pays for the discount. */
export function toPublicVoucher(code: QrCode, ctx: MappingContext): PublicVoucher {
  const { createdByUserId, batchId, batchName, partnerCount, vendorId, fundedBy, holder, ...rest } = toQrCode(
    code,
    ctx,
  );
  void holder;
  void createdByUserId;
  void batchId;
  void batchName;
  void partnerCount;
  void vendorId;
  void fundedBy;
  return rest;
}

export function toBatchCode(code: QrCode, ctx: MappingContext): BatchCode {
  return {
    id: code.id,
    qrUrl: qrUrlOf(code, ctx),
    usageCount: code.usageCount,
    usageLimit: code.usageLimit,
    expirationDate: code.expirationDate,
    startDate: code.startDate ?? null,
    status: statusOf(code, ctx),
  };
}
