import type { MemberLanguage } from '@avpass/contracts';

/** What a member's message says: their code's link, where to use it, the wallets, how to stop mail. */
export interface MemberVoucherMessage {
  language: MemberLanguage;
  firstName: string;
  title: string | null;
  voucherUrl: string;
  partners: string[];
  /** Wallet links when the deployment issues passes (Apple's pass file, Google's via the voucher page). */
  wallet: { apple: string | null; google: string | null };
  /** The one-click unsubscribe link (mail only). */
  unsubscribeUrl: string | null;
}

const TEXTS = {
  en: {
    subject: (title: string | null) => (title ? `Your voucher: ${title}` : 'Your voucher'),
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'here is your own voucher. Show it at the till, on your phone or printed.',
    open: 'Open your voucher',
    where: 'Where to use it',
    apple: 'Add to Apple Wallet',
    google: 'Save to Google Wallet',
    unsubscribe: 'Unsubscribe from these e-mails',
    sms: (name: string, url: string, where: string) =>
      `${name ? `Hi ${name}, h` : 'H'}ere is your voucher: ${url}${where ? ` Use it at ${where}.` : ''} Reply STOP to opt out.`,
  },
  es: {
    subject: (title: string | null) => (title ? `Tu vale: ${title}` : 'Tu vale'),
    greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    intro: 'aquí tienes tu vale personal. Muéstralo en caja, en el móvil o impreso.',
    open: 'Abrir tu vale',
    where: 'Dónde usarlo',
    apple: 'Añadir a Apple Wallet',
    google: 'Guardar en Google Wallet',
    unsubscribe: 'Darte de baja de estos correos',
    sms: (name: string, url: string, where: string) =>
      `${name ? `Hola, ${name}. ` : ''}Tu vale: ${url}${where ? ` Úsalo en ${where}.` : ''} Responde STOP para no recibir más.`,
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The mail's subject in the member's language. */
export function memberMailSubject(language: MemberLanguage, title: string | null): string {
  return TEXTS[language].subject(title);
}

/** The mail's text and HTML (the mail template `member-voucher` renders it from the row's params). */
export function renderMemberMail(m: MemberVoucherMessage): { text: string; html: string } {
  const t = TEXTS[m.language];
  const wallets: { label: string; url: string }[] = [];
  if (m.wallet.apple) wallets.push({ label: t.apple, url: m.wallet.apple });
  if (m.wallet.google) wallets.push({ label: t.google, url: m.wallet.google });
  const text = [
    t.greeting(m.firstName),
    '',
    t.intro,
    '',
    `${t.open}: ${m.voucherUrl}`,
    ...(m.partners.length ? ['', `${t.where}: ${m.partners.join(', ')}`] : []),
    ...(wallets.length ? ['', ...wallets.map((w) => `${w.label}: ${w.url}`)] : []),
    ...(m.unsubscribeUrl ? ['', '--', `${t.unsubscribe}: ${m.unsubscribeUrl}`] : []),
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="${m.language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${e(t.greeting(m.firstName))}</p>
<p>${e(t.intro)}</p>
<p><a href="${e(m.voucherUrl)}" style="display:inline-block;padding:10px 16px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${e(t.open)}</a></p>
${m.partners.length ? `<p><strong>${e(t.where)}:</strong> ${m.partners.map(e).join(', ')}</p>` : ''}
${wallets.map((w) => `<p><a href="${e(w.url)}">${e(w.label)}</a></p>`).join('\n')}
${m.unsubscribeUrl ? `<hr><p style="font-size:12px;color:#555"><a href="${e(m.unsubscribeUrl)}">${e(t.unsubscribe)}</a></p>` : ''}
</body></html>`;
  return { text, html };
}

/** The SMS (no unsubscribe link: STOP answers it, as Twilio's own opt-out does). */
export function renderMemberSms(m: MemberVoucherMessage): string {
  return TEXTS[m.language].sms(m.firstName, m.voucherUrl, m.partners.slice(0, 3).join(', ')).slice(0, 1600);
}

/** The template's parameters as stored on the mail row, read back (a worker trusts nothing in them blindly). */
export function messageFromParams(params: Record<string, unknown>): MemberVoucherMessage {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const wallet = (params.wallet ?? {}) as Record<string, unknown>;
  return {
    language: params.language === 'es' ? 'es' : 'en',
    firstName: str(params.firstName),
    title: str(params.title) || null,
    voucherUrl: str(params.voucherUrl),
    partners: Array.isArray(params.partners) ? params.partners.filter((p) => typeof p === 'string') : [],
    wallet: { apple: str(wallet.apple) || null, google: str(wallet.google) || null },
    unsubscribeUrl: str(params.unsubscribeUrl) || null,
  };
}

/** The unsubscribe page's and answer's words. */
export const UNSUBSCRIBE_TEXTS = {
  en: { done: 'You will get no more e-mails from us.' },
  es: { done: 'Ya no recibirás más correos nuestros.' },
} as const;
