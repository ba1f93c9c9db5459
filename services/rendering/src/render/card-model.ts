import type { QrCode } from '@avpass/contracts';
import {
  displayService,
  displayTitle,
  formatDiscount,
  formatNumericDate,
  formatUsage,
  isPartnerType,
  PARTNER_TYPE_LABELS,
  TRAINER_ROLE_LABELS,
  VOUCHER_STATUS_LABELS,
  voucherInitials,
  voucherStatus,
  type VoucherStatus,
} from '@avpass/domain';
import { qrMatrix, type QrMatrix } from './qr-matrix';

/** A raster image ready to embed in SVG and PDF: PNG, flattened on white (no alpha). */
export interface CardImage {
  png: Buffer;
  width: number;
  height: number;
}

export type CardHeader =
  | { kind: 'partner'; logo: CardImage | null; initials: string }
  | { kind: 'trainer'; name: string; roleLabel: string; image: CardImage | null; initials: string };

/** Everything the voucher card prints, as display text: the same words as the voucher page. */
export interface VoucherCardModel {
  header: CardHeader;
  title: string;
  partnerTypeText: string;
  discount: string;
  service: string;
  validUntil: string;
  usage: string;
  status: VoucherStatus;
  statusLabel: string;
  /** Only for exclusive vouchers with special instructions. */
  instructions: string | null;
  terms: string | null;
  qrUrl: string;
  qr: QrMatrix;
}

export interface CardImages {
  logo: CardImage | null;
  trainerImage: CardImage | null;
}

export const TRAINER_MEMBER_TEXT = 'Rooted Athletics Member';
export const NO_EXPIRATION_TEXT = 'No expiration date';
const EXCLUSIVE_PARTNER_TEXT = 'Project Rooted Exclusive';

function partnerTypeText(code: QrCode): string {
  if (code.isProjectRootedExclusive) return EXCLUSIVE_PARTNER_TEXT;
  if (isPartnerType(code.partnerType)) return PARTNER_TYPE_LABELS[code.partnerType];
  return code.partnerType;
}

/** The card's title: the custom page title when there is one, else the partner's name. */
export function cardTitleSource(code: Pick<QrCode, 'customTitle' | 'clinicName'>): string {
  return code.customTitle?.trim() || code.clinicName;
}

/** The server's record of a code turned into the card's text. Status uses the one rule in libs/domain. */
export function voucherCardModel(
  code: QrCode,
  images: CardImages,
  now: Date,
  timeZone: string,
): VoucherCardModel {
  const title = displayTitle(cardTitleSource(code), code.discountType);
  const initials = voucherInitials(code.qrType === 'trainer' ? (code.trainerName ?? title) : title);
  const status = voucherStatus(
    {
      usageCount: code.usageCount,
      usageLimit: code.usageLimit,
      expirationDate: code.expirationDate,
      isActive: code.isActive,
    },
    now,
    timeZone,
  );
  const header: CardHeader =
    code.qrType === 'trainer'
      ? {
          kind: 'trainer',
          name: code.trainerName ?? title,
          roleLabel: code.trainerRole ? TRAINER_ROLE_LABELS[code.trainerRole] : TRAINER_ROLE_LABELS.trainer,
          image: images.trainerImage,
          initials,
        }
      : { kind: 'partner', logo: images.logo, initials };
  const instructions = code.isProjectRootedExclusive
    ? code.exclusiveDetails?.specialInstructions?.trim() || null
    : null;
  return {
    header,
    title,
    partnerTypeText: partnerTypeText(code),
    discount: formatDiscount(code.discountType, code.discountValue),
    service: displayService(code.service),
    validUntil: code.expirationDate ? formatNumericDate(code.expirationDate, timeZone) : NO_EXPIRATION_TEXT,
    usage: formatUsage(code.usageCount, code.usageLimit),
    status,
    statusLabel: VOUCHER_STATUS_LABELS.voucherPage[status],
    instructions,
    terms: code.terms?.trim() || null,
    qrUrl: code.qrUrl,
    qr: qrMatrix(code.qrUrl),
  };
}
