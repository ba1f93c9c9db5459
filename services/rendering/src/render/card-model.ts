import { voucherText, type QrCode } from '@avpass/contracts';
import { VOUCHER_STATUS_LABELS, voucherStatus, type VoucherStatus } from '@avpass/domain';
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

export { NO_EXPIRATION_TEXT, TRAINER_MEMBER_TEXT } from '@avpass/contracts';

/** The card's title: the custom page title when there is one, else the partner's name. */
export function cardTitleSource(code: QrCode): string {
  return voucherText(code).titleSource;
}

/** The server's record of a code turned into the card's text. Status uses the one rule in libs/domain. */
export function voucherCardModel(
  code: QrCode,
  images: CardImages,
  now: Date,
  timeZone: string,
): VoucherCardModel {
  const text = voucherText(code);
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
  const header: CardHeader = text.trainer
    ? { kind: 'trainer', ...text.trainer, image: images.trainerImage, initials: text.initials }
    : { kind: 'partner', logo: images.logo, initials: text.initials };
  return {
    header,
    title: text.title,
    partnerTypeText: text.partnerTypeText,
    discount: text.discountText,
    service: text.serviceText,
    validUntil: text.validUntilText,
    usage: text.usageText,
    status,
    statusLabel: VOUCHER_STATUS_LABELS.voucherPage[status],
    instructions: text.instructions,
    terms: text.terms,
    qrUrl: code.qrUrl,
    qr: qrMatrix(code.qrUrl),
  };
}
