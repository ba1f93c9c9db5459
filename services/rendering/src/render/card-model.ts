import { voucherText, type QrCode } from '@avpass/contracts';
import type { CardWords } from '../i18n';
import { qrMatrix, type QrMatrix } from './qr-matrix';

/** A raster image ready to embed in SVG and PDF: PNG, flattened on white (no alpha). */
export interface CardImage {
  png: Buffer;
  width: number;
  height: number;
}

export type CardHeader =
  | { kind: 'partner'; logo: CardImage | null; initials: string }
  | { kind: 'trainer'; name: string; image: CardImage | null; initials: string };

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
  service: string;
  /**
   * The fixed words (labels, partner type, discount, expiry, role) in each language the card speaks:
   * one set, or English then Spanish on a bilingual card (decision 359).
   */
  words: readonly [CardWords, ...CardWords[]];
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

/** The voucher link without its scheme: what a person would type. */
export function printedLink(url: string): string {
  return url.replace(/^https?:\/\//i, '');
}

/** The server's record of a code turned into the card's text. */
export function voucherCardModel(
  code: QrCode,
  images: CardImages,
  words: readonly [CardWords, ...CardWords[]],
): VoucherCardModel {
  // The voucher's own words (the same in every language); its fixed words are `words`.
  const text = voucherText(code);
  const header: CardHeader = text.trainer
    ? { kind: 'trainer', name: text.trainer.name, image: images.trainerImage, initials: text.initials }
    : { kind: 'partner', logo: images.logo, initials: text.initials };
  return {
    header,
    title: text.title,
    partnerName: text.partnerName,
    service: text.serviceText,
    words,
    instructions: text.instructions,
    terms: text.terms,
    qrUrl: code.qrUrl,
    linkText: printedLink(code.qrUrl),
    qr: qrMatrix(code.qrUrl),
  };
}
