import { defineCatalog } from '@avpass/platform';

/**
 * What the members service writes to a member (issue 42): the voucher mail and SMS, the unsubscribe
 * answer, the sign-in link and code. Spanish in the usted form, as US Spanish says it ("cupón").
 * `catalog.spec.ts` fails on a key missing in a language or unused by the code.
 */
export const MEMBER_CATALOG = defineCatalog(
  {
    'voucher.subject': 'Your voucher',
    'voucher.subject.titled': 'Your voucher: {title}',
    'voucher.greeting': 'Hello,',
    'voucher.greeting.named': 'Hello {name},',
    'voucher.intro': 'here is your own voucher. Show it at the till, on your phone or printed.',
    'voucher.open': 'Open your voucher',
    'voucher.where': 'Where to use it',
    'voucher.apple': 'Add to Apple Wallet',
    'voucher.google': 'Save to Google Wallet',
    'voucher.unsubscribe': 'Unsubscribe from these e-mails',
    'voucher.sms': 'Here is your voucher: {url}',
    'voucher.sms.named': 'Hi {name}, here is your voucher: {url}',
    'voucher.sms.where': 'Use it at {where}.',
    'voucher.sms.stop': 'Reply STOP to opt out.',
    'unsubscribe.done': 'You will get no more e-mails from us.',
    'sign-in.link.subject': 'Your AV Pass sign-in link',
    'sign-in.link.greeting': 'Hello {name},',
    'sign-in.link.open': 'Open this link to see your vouchers:',
    'sign-in.link.once':
      'It works once, for {minutes} minutes. If you did not ask for it, you can ignore this e-mail.',
    'sign-in.link.button': 'See my vouchers',
    'sign-in.code.sms': 'AV Pass: your sign-in code is {code}. It works once, for {minutes} minutes.',
  },
  {
    'voucher.subject': 'Su cupón',
    'voucher.subject.titled': 'Su cupón: {title}',
    'voucher.greeting': 'Hola:',
    'voucher.greeting.named': 'Hola, {name}:',
    'voucher.intro': 'aquí tiene su cupón personal. Muéstrelo en la caja, en su teléfono o impreso.',
    'voucher.open': 'Abrir su cupón',
    'voucher.where': 'Dónde usarlo',
    'voucher.apple': 'Agregar a Apple Wallet',
    'voucher.google': 'Guardar en Google Wallet',
    'voucher.unsubscribe': 'Cancelar la suscripción a estos correos',
    'voucher.sms': 'Aquí tiene su cupón: {url}',
    'voucher.sms.named': 'Hola, {name}. Aquí tiene su cupón: {url}',
    'voucher.sms.where': 'Úselo en {where}.',
    'voucher.sms.stop': 'Responda STOP para no recibir más mensajes.',
    'unsubscribe.done': 'Ya no recibirá más correos nuestros.',
    'sign-in.link.subject': 'Su enlace para entrar en AV Pass',
    'sign-in.link.greeting': 'Hola, {name}:',
    'sign-in.link.open': 'Abra este enlace para ver sus cupones:',
    'sign-in.link.once':
      'Funciona una sola vez, durante {minutes} minutos. Si usted no lo pidió, puede ignorar este correo.',
    'sign-in.link.button': 'Ver mis cupones',
    'sign-in.code.sms':
      'AV Pass: su código para entrar es {code}. Funciona una sola vez, durante {minutes} minutos.',
  },
);
