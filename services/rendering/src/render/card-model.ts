import { voucherText, type QrCode } from '@avpass/contracts';
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

/**
 * Everything the voucher card prints, as display text: the same words as the voucher page, but only
 * what stays true once printed. No usage count and no status: a card is used for months after it is
 * printed, and the voucher page shows those live.
 */
export interface VoucherCardModel {
  header: CardHeader;
  title: string;
  /** The partner's name, printed under a custom title (null when the title is the name). */
  partnerName: string | null;
  partnerTypeText: string;
  discount: string;
  service: string;
  validUntil: string;
  /** Only for exclusive vouchers with special instructions. */
  instructions: string | null;
  terms: string | null;
  qrUrl: string;
  /** The link printed under the QR, for typing in when a camera cannot scan. */
  linkText: string;
  qr: QrMatrix;
}

export interface CardImages {
  logo: CardImage | null;
  trainerImage: CardImage | null;
}

export { NO_EXPIRATION_TEXT, TRAINER_MEMBER_TEXT } from '@avpass/contracts';

/** The voucher link without its scheme: what a person would type. */
export function printedLink(url: string): string {
  return url.replace(/^https?:\/\//i, '');
}

/** The server's record of a code turned into the card's text. */
export function voucherCardModel(code: QrCode, images: CardImages): VoucherCardModel {
  const text = voucherText(code);
  const header: CardHeader = text.trainer
    ? { kind: 'trainer', ...text.trainer, image: images.trainerImage, initials: text.initials }
    : { kind: 'partner', logo: images.logo, initials: text.initials };
  return {
    header,
    title: text.title,
    partnerName: text.partnerName,
    partnerTypeText: text.partnerTypeText,
    discount: text.discountText,
    service: text.serviceText,
    validUntil: text.validUntilText,
    instructions: text.instructions,
    terms: text.terms,
    qrUrl: code.qrUrl,
    linkText: printedLink(code.qrUrl),
    qr: qrMatrix(code.qrUrl),
  };
}
