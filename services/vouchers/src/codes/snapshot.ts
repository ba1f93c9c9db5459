import type { VoucherSnapshot } from '@avpass/contracts';
import type { QrCode } from './qr-code.entity';

/**
 * A code's state as the voucher events carry it (voucherSnapshot), at `version` (qr_codes.version).
 * A code just inserted is at version 0; once a statement has changed the row (an assignment, a redeem,
 * a cancel), the snapshot comes from that statement's RETURNING instead (TalliesRepository.
 * assignmentsChanged), so the state and its version are read together under the row lock.
 */
export function snapshotOf(code: QrCode, version: number): VoucherSnapshot {
  return {
    qrCodeId: code.id,
    expirationDate: code.expirationDate,
    usageCount: code.usageCount,
    usageLimit: code.usageLimit,
    isActive: code.isActive,
    version,
  };
}

/** The version of a code row just inserted (the trigger raises it on every update). */
export const NEW_CODE_VERSION = 0;
