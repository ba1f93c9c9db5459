import { defineCatalog } from '@avpass/platform';

/**
 * A wallet pass's own words (issue 42): its field labels, values and change notices. An Apple pass.json
 * carries the English and its `es.lproj/pass.strings` maps each to its Spanish; a Google offer's text
 * modules carry both as a LocalizedString. Wallet shows the Spanish on a phone set to Spanish. The
 * voucher's own words (its discount, where, last use) are the voucher page's catalog's.
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
    'value.uses': '{count} of {limit}',
    'value.uses-unlimited': '{count} of ∞',
    'value.any-partner': 'Any partner',
    'value.where-more': '{name} + {more} more',
    'value.partners-more':
      'and {more, plural, one {# more partner} other {# more partners}}: see the voucher page',
    'value.how-till': 'Show this pass at the till: staff scan the QR code or type the code {code}.',
    'value.how-self': 'You can also redeem it yourself on the voucher page.',
    'description.trainer': '{discount} {service} with {name}',
    'description.partner': '{discount} {service} at {where}',
    'description.anywhere': '{discount} {service} at any AV Pass partner',
    'member.title': 'Member pass',
    'member.description': 'AV Pass member pass',
    'member.label.member': 'Member',
    'member.label.how': 'At the till',
    'member.value.how-google':
      'Show this code at the till. It changes every 30 seconds, so a screenshot of it does not work.',
    'member.value.how-apple': 'Show this code at the till.',
    'member.label.second-factor': 'The till will ask',
    'member.value.second-factor': 'Your date of birth or the last 4 digits of your phone',
    'member.label.lost': 'Lost your phone?',
    'member.value.lost': 'Replace your pass on "My vouchers": this one then stops working.',
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
    'value.uses': '{count} de {limit}',
    'value.uses-unlimited': '{count} de ∞',
    'value.any-partner': 'Cualquier socio',
    'value.where-more': '{name} y {more} más',
    'value.partners-more':
      'y {more, plural, one {# socio más} other {# socios más}}: vea la página del cupón',
    'value.how-till':
      'Muestre este pase en la caja: el personal escanea el código QR o escribe el código {code}.',
    'value.how-self': 'También puede canjearlo usted mismo en la página del cupón.',
    'description.trainer': '{discount} {service} con {name}',
    'description.partner': '{discount} {service} en {where}',
    'description.anywhere': '{discount} {service} en cualquier socio de AV Pass',
    'member.title': 'Pase de miembro',
    'member.description': 'Pase de miembro de AV Pass',
    'member.label.member': 'Miembro',
    'member.label.how': 'En la caja',
    'member.value.how-google':
      'Muestre este código en la caja. Cambia cada 30 segundos, así que una captura de pantalla no sirve.',
    'member.value.how-apple': 'Muestre este código en la caja.',
    'member.label.second-factor': 'En la caja le pedirán',
    'member.value.second-factor': 'Su fecha de nacimiento o los últimos 4 dígitos de su teléfono',
    'member.label.lost': '¿Perdió su teléfono?',
    'member.value.lost': 'Reemplace su pase en "Mis cupones": este dejará de funcionar.',
  },
);

/** Google's LocalizedString: the English by default, the US Spanish beside it. */
export const localizedString = (en: string, es: string) => ({
  defaultValue: { language: 'en-US', value: en },
  translatedValues: [{ language: 'es-US', value: es }],
});

/** Google's LocalizedString of one of the catalog's words. */
export function localizedWord(key: Parameters<typeof WALLET_CATALOG.t>[1]) {
  return localizedString(WALLET_CATALOG.t('en', key), WALLET_CATALOG.t('es', key));
}
