import type { MemberLanguage } from '@avpass/contracts';

/** The member's screens' words, in English and Spanish (issue 41). */
const en = {
  signInTitle: 'Sign in to see your vouchers',
  signInIntro: 'No password needed: we send you a link or a code.',
  email: 'E-mail',
  sendLink: 'Send me a sign-in link',
  checkMail: 'Check your e-mail',
  checkMailText:
    'If this address belongs to a member, a sign-in link is on its way. It works once, for 15 minutes.',
  orSms: 'Or get a code by SMS',
  phone: 'Mobile phone',
  sendCode: 'Send me a code',
  code: '6-digit code',
  codeSent: 'If this number belongs to a member, a code is on its way by SMS. It works once, for 10 minutes.',
  signIn: 'Sign in',
  signingIn: 'Signing you in…',
  another: 'Use another address',
  linkFailed: 'This sign-in link no longer works.',
  myVouchers: 'My vouchers',
  hello: (name: string) => `Hello, ${name}`,
  ready: 'Ready to use',
  usedAndExpired: 'Used and expired',
  none: 'You have no vouchers yet.',
  noneReady: 'No voucher ready to use right now.',
  usedAt: (where: string | null, when: string) => (where ? `Used at ${where} on ${when}` : `Used on ${when}`),
  used: 'Used',
  expired: 'Expired',
  usesLeft: (left: number) => (left === 1 ? '1 use left' : `${left} uses left`),
  unlimited: 'Unlimited uses',
  validUntil: (date: string) => `Valid until ${date}`,
  credit: 'Athlete credit balance',
  more: 'Show more',
  signOut: 'Sign out',
  loading: 'Loading…',
  loadFailed: 'Your vouchers could not be loaded. Please try again.',
  retry: 'Try again',
};

const es: typeof en = {
  signInTitle: 'Entra para ver tus vales',
  signInIntro: 'Sin contraseña: te enviamos un enlace o un código.',
  email: 'Correo electrónico',
  sendLink: 'Envíame un enlace para entrar',
  checkMail: 'Revisa tu correo',
  checkMailText:
    'Si esta dirección es de un socio, te hemos enviado un enlace para entrar. Funciona una sola vez, durante 15 minutos.',
  orSms: 'O recibe un código por SMS',
  phone: 'Teléfono móvil',
  sendCode: 'Envíame un código',
  code: 'Código de 6 cifras',
  codeSent:
    'Si este número es de un socio, te hemos enviado un código por SMS. Funciona una sola vez, durante 10 minutos.',
  signIn: 'Entrar',
  signingIn: 'Entrando…',
  another: 'Usar otra dirección',
  linkFailed: 'Este enlace para entrar ya no funciona.',
  myVouchers: 'Mis vales',
  hello: (name: string) => `Hola, ${name}`,
  ready: 'Listos para usar',
  usedAndExpired: 'Usados y caducados',
  none: 'Todavía no tienes vales.',
  noneReady: 'Ahora mismo no tienes vales listos para usar.',
  usedAt: (where: string | null, when: string) =>
    where ? `Usado en ${where} el ${when}` : `Usado el ${when}`,
  used: 'Usado',
  expired: 'Caducado',
  usesLeft: (left: number) => (left === 1 ? 'Queda 1 uso' : `Quedan ${left} usos`),
  unlimited: 'Usos ilimitados',
  validUntil: (date: string) => `Válido hasta el ${date}`,
  credit: 'Saldo de crédito de atleta',
  more: 'Ver más',
  signOut: 'Salir',
  loading: 'Cargando…',
  loadFailed: 'No se han podido cargar tus vales. Inténtalo de nuevo.',
  retry: 'Reintentar',
};

export type MemberWords = typeof en;

export function memberWords(language: MemberLanguage): MemberWords {
  return language === 'es' ? es : en;
}

/** Before sign-in: the browser's language when it is Spanish, else English. */
export function browserLanguage(): MemberLanguage {
  return typeof navigator !== 'undefined' && /^es\b/i.test(navigator.language) ? 'es' : 'en';
}

/** A date and time as the member reads it (their language, the device's zone). */
export function memberDateTime(iso: string, language: MemberLanguage): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function memberDate(isoDate: string, language: MemberLanguage): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}
