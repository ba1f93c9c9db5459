import {
  VOUCHER_CATALOGS,
  voucherText,
  voucherTextIn,
  type CardLanguage,
  type Language,
  type QrCode,
  type VoucherMessageId,
  type Words,
} from '@avpass/contracts';
import { formatDateIn } from '@avpass/domain';
import { catalogWords } from '@avpass/platform';
import { CARD_CATALOG } from './card-catalog';

/** A card's fixed words in one language (the voucher's own words — title, service, terms — are its own). */
export interface CardWords {
  partnerTypeText: string;
  discount: string;
  validUntil: string;
  /** A trainer's role ("Coach" / "Entrenador"); null on a partner's card. */
  roleLabel: string | null;
  memberText: string;
  labels: { service: string; validUntil: string; instructions: string; terms: string };
  scan: string;
}

/** The voucher page's catalogs, read once and compiled (as the gateway's first HTML does). */
const voucherWords = catalogWords<VoucherMessageId>(VOUCHER_CATALOGS);

function wordsIn(code: QrCode, words: Words, dates: 'numeric' | 'medium'): CardWords {
  const { t, language } = words;
  // English alone prints exactly as before issue 42 (voucherText); Spanish through the catalog.
  const text = language === 'en' && dates === 'numeric' ? voucherText(code) : voucherTextIn(code, words);
  return {
    partnerTypeText: text.partnerTypeText,
    discount: text.discountText,
    // On a bilingual card 12/31/2026 and 31/12/2026 would disagree: both say the month by name.
    validUntil:
      dates === 'medium' && code.expirationDate
        ? formatDateIn(language, code.expirationDate, 'UTC')
        : text.validUntilText,
    roleLabel: text.trainer?.roleLabel ?? null,
    memberText: t('voucher.trainerMember'),
    labels: {
      service: t('voucher.label.service'),
      validUntil: t('voucher.label.validUntil'),
      instructions: t('voucher.label.instructions'),
      terms: t('voucher.label.terms'),
    },
    scan: CARD_CATALOG.t(language as Language, 'card.scan'),
  };
}

/**
 * The fixed words a card prints, one set per language it speaks: English, Spanish, or both (English
 * first). `language` is the vouchers service's answer (the code's batch), checked by the contract.
 */
export async function cardWords(
  code: QrCode,
  language: CardLanguage,
): Promise<readonly [CardWords, ...CardWords[]]> {
  const words = await voucherWords();
  if (language === 'bilingual') return [wordsIn(code, words.en, 'medium'), wordsIn(code, words.es, 'medium')];
  return [wordsIn(code, words[language], 'numeric')];
}
