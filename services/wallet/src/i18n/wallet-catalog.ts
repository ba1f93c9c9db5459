import { defineCatalog } from '@avpass/platform';

/**
 * A wallet pass's own words (issue 42): its field labels and change notices. An Apple pass.json carries
 * the English and its `es.lproj/pass.strings` maps each to its Spanish; a Google offer's text modules
 * carry both as a LocalizedString. Wallet shows the Spanish on a phone set to Spanish. The voucher's own text (its discount, service, terms) is voucherText's.
 * `catalog.spec.ts` fails on a key missing in a language or unused by the code.
 */
export const WALLET_CATALOG = defineCatalog(
  {
    'label.offer': 'Offer',
    'label.discount': 'Discount',
    'label.service': 'Service',
    'label.uses': 'Uses',
    'label.valid-until': 'Valid until',
    'label.use-at': 'Use at',
    'label.voucher': 'Voucher',
    'label.where': 'Where',
    'label.how': 'How to use',
    'label.instructions': 'Instructions',
    'label.last-used': 'Last used',
    'label.terms': 'Terms & conditions',
    'label.voucher-page': 'Voucher page',
    'change.uses': 'Used %@',
    'change.valid-until': 'Now valid until %@',
  },
  {
    'label.offer': 'Oferta',
    'label.discount': 'Descuento',
    'label.service': 'Servicio',
    'label.uses': 'Usos',
    'label.valid-until': 'Válido hasta',
    'label.use-at': 'Úselo en',
    'label.voucher': 'Cupón',
    'label.where': 'Dónde',
    'label.how': 'Cómo usarlo',
    'label.instructions': 'Instrucciones',
    'label.last-used': 'Último uso',
    'label.terms': 'Términos y condiciones',
    'label.voucher-page': 'Página del cupón',
    'change.uses': 'Usado %@',
    'change.valid-until': 'Ahora válido hasta %@',
  },
);

/** The Spanish of each English word of a pass (its `es.lproj/pass.strings`). */
export function passStringsIn(language: 'es'): Record<string, string> {
  return Object.fromEntries(
    WALLET_CATALOG.keys.map((key) => [WALLET_CATALOG.t('en', key), WALLET_CATALOG.t(language, key)]),
  );
}

type WalletKey = Parameters<typeof WALLET_CATALOG.t>[1];

/** Google's LocalizedString of a word: English by default, US Spanish beside it. */
export function localizedWord(key: WalletKey) {
  return {
    defaultValue: { language: 'en-US', value: WALLET_CATALOG.t('en', key) },
    translatedValues: [{ language: 'es-US', value: WALLET_CATALOG.t('es', key) }],
  };
}
