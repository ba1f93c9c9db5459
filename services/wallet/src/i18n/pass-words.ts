import {
  LANGUAGES,
  VOUCHER_CATALOGS,
  voucherText,
  voucherTextIn,
  type Language,
  type PublicVoucher,
  type VoucherMessageId,
  type VoucherText,
  type Words,
} from '@avpass/contracts';
import { catalogWords, type MessageValues } from '@avpass/platform';
import { WALLET_CATALOG } from './wallet-catalog';

export type WalletKey = Parameters<typeof WALLET_CATALOG.t>[1];

/** What a pass says in one language: its own words (WALLET_CATALOG) and the voucher page's (issue 42). */
export interface PassWords {
  language: Language;
  word: (key: WalletKey, values?: MessageValues) => string;
  voucher: Words;
}

const voucherWords = catalogWords<VoucherMessageId>(VOUCHER_CATALOGS);

/** A pass's words in each language, the voucher catalogs read and compiled once. */
export async function passWords(): Promise<Readonly<Record<Language, PassWords>>> {
  const voucher = await voucherWords();
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { language, word: WALLET_CATALOG.in(language), voucher: voucher[language] },
    ]),
  ) as Record<Language, PassWords>;
}

/**
 * The voucher's text in the pass's language: English exactly as voucherText writes it (the voucher
 * page's and the printed card's), other languages through the voucher page's catalog.
 */
export const passText = (voucher: PublicVoucher, words: PassWords): VoucherText =>
  words.language === 'en' ? voucherText(voucher) : voucherTextIn(voucher, words.voucher);
