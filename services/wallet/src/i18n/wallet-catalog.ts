import { defineCatalog } from '@avpass/platform';

/**
 * An Apple Wallet pass's own words (issue 42): its field labels and change notices. pass.json carries
 * the English; the pass's `es.lproj/pass.strings` maps each to its Spanish, which Wallet shows on a
 * phone set to Spanish. The voucher's own text (its discount, service, terms) is voucherText's.
 * `catalog.spec.ts` fails on a key missing in a language or unused by the code.
 */
export const WALLET_CATALOG = defineCatalog(
  {
    'label.offer': 'Offer',
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
