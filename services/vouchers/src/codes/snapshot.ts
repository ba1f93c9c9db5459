import type { QrCode } from './qr-code.entity';

/** What the partners read model keeps of a code (events' voucherSnapshot). */
export function snapshotOf(code: QrCode) {
  return {
    qrCodeId: code.id,
    expirationDate: code.expirationDate,
    usageCount: code.usageCount,
    usageLimit: code.usageLimit,
    isActive: code.isActive,
  };
}
