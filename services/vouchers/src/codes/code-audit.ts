import type { QrCode } from './qr-code.entity';

/**
 * The fields of a code an audit entry shows (issue 26): what it offers, to whom, for how long. Not its
 * link, QR payload or image addresses (derived or bulky), never anything secret.
 */
export function codeAuditFields(code: QrCode): Record<string, unknown> {
  return {
    clinicName: code.clinicName,
    vendorId: code.vendorId,
    discountType: code.discountType,
    discountValue: code.discountValue,
    service: code.service,
    expirationDate: code.expirationDate,
    startDate: code.startDate,
    usageLimit: code.usageLimit,
    redemptionMode: code.redemptionMode,
    fundedBy: code.fundedBy,
    terms: code.terms,
    customTitle: code.customTitle,
    partnerType: code.partnerType,
    qrType: code.qrType,
    batchId: code.batchId,
    trainerName: code.trainerName,
    trainerRole: code.trainerRole,
    exclusiveType: code.exclusiveType,
  };
}
