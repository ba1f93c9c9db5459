import type { Actor } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { QrCodesRepository } from '../codes';
import { VouchersSettings } from '../settings';
import type { TillPlace } from './till-answers';
import { conflictNotRecorded, TillConflictsService, type RefusedScan } from './till-conflicts.service';

/** How old a scan kept offline may be when it reaches the server. */
export const SCAN_MAX_AGE_DAYS = 7;
/** How far ahead of the server's clock a till's scan time may be (its clock runs a little fast). */
export const SCAN_CLOCK_SKEW_MS = 5 * 60_000;
export const SCAN_TOO_OLD_MESSAGE = `Scan time must be within the last ${SCAN_MAX_AGE_DAYS} days`;
export const SCAN_IN_FUTURE_MESSAGE = 'Scan time must not be in the future';

/** A redemption the till kept offline and the server refused at sync. */
export interface OfflineRefusal {
  actor: Actor;
  place: TillPlace;
  staffName: string;
  qrCodeId: string;
  scannedAt: string;
  /** The redeem request as sent. */
  request: RefusedScan['request'] & { transactionAmount?: number | undefined };
}

/**
 * The till's offline queue reaching the server (issues 37 and 43): a redeem that carries the time it
 * was scanned offline, that time checked, and its refusal recorded for "Needs attention".
 */
@Injectable()
export class TillOfflineScans {
  constructor(
    private readonly codes: QrCodesRepository,
    private readonly conflicts: TillConflictsService,
    private readonly settings: VouchersSettings,
  ) {}

  /** Scan time of a scan kept offline: ISO (the contract), at most SCAN_MAX_AGE_DAYS old, not ahead. */
  scanTimeOf(text: string | undefined): string | null {
    if (text === undefined) return null;
    const at = new Date(text);
    const now = this.settings.now().getTime();
    if (Number.isNaN(at.getTime()))
      throw DomainError.validation(SCAN_TOO_OLD_MESSAGE, { scannedAt: [SCAN_TOO_OLD_MESSAGE] });
    if (at.getTime() > now + SCAN_CLOCK_SKEW_MS)
      throw DomainError.validation(SCAN_IN_FUTURE_MESSAGE, { scannedAt: [SCAN_IN_FUTURE_MESSAGE] });
    if (at.getTime() < now - SCAN_MAX_AGE_DAYS * 86_400_000)
      throw DomainError.validation(SCAN_TOO_OLD_MESSAGE, { scannedAt: [SCAN_TOO_OLD_MESSAGE] });
    return at.toISOString();
  }

  /**
   * A scan kept offline and refused now needs attention (issue 43): recorded once, with the code's
   * holder; not recorded, a 503 (the till sends it again).
   */
  async recordRefusal(scan: OfflineRefusal, refusal: DomainError): Promise<void> {
    const code = await this.codes.findCurrent(scan.qrCodeId).catch(() => {
      throw conflictNotRecorded();
    });
    await this.conflicts.recordRefusal(
      {
        actor: scan.actor,
        partnerId: scan.place.partnerId,
        partnerName: scan.place.partnerName,
        staffName: scan.staffName,
        qrCodeId: scan.qrCodeId,
        memberId: code?.holderMemberId ?? null,
        scannedAt: scan.scannedAt,
        transactionAmount: scan.request.transactionAmount ?? null,
        request: scan.request,
      },
      refusal,
    );
  }
}
