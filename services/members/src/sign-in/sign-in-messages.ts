import type { MemberLanguage } from '@avpass/contracts';

/** The sign-in messages a member receives, in the member's language (issue 41: en and es). */
interface SignInTexts {
  linkSubject: string;
  linkText: (firstName: string, link: string, minutes: number) => string;
  linkButton: string;
  codeSms: (code: string, minutes: number) => string;
}

const TEXTS: Record<MemberLanguage, SignInTexts> = {
  en: {
    linkSubject: 'Your AV Pass sign-in link',
    linkText: (firstName, link, minutes) =>
      `Hello ${firstName},\n\nOpen this link to see your vouchers:\n${link}\n\n` +
      `It works once, for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    linkButton: 'See my vouchers',
    codeSms: (code, minutes) =>
      `AV Pass: your sign-in code is ${code}. It works once, for ${minutes} minutes.`,
  },
  es: {
    linkSubject: 'Tu enlace para entrar en AV Pass',
    linkText: (firstName, link, minutes) =>
      `Hola, ${firstName}:\n\nAbre este enlace para ver tus vales:\n${link}\n\n` +
      `Funciona una sola vez, durante ${minutes} minutos. Si no lo has pedido, puedes ignorar este correo.`,
    linkButton: 'Ver mis vales',
    codeSms: (code, minutes) =>
      `AV Pass: tu código para entrar es ${code}. Funciona una sola vez, durante ${minutes} minutos.`,
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The magic link's mail: plain text and a small HTML twin with one button (made when it is sent). */
export function signInLinkMail(
  language: MemberLanguage,
  firstName: string,
  link: string,
  minutes: number,
): { subject: string; text: string; html: string } {
  const t = TEXTS[language];
  const text = t.linkText(firstName, link, minutes);
  const paragraphs = text
    .split('\n\n')
    .map((p) => (p.includes(link) ? null : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`));
  const button = `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1565c0;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.linkButton)}</a></p>`;
  const html = paragraphs.map((p) => p ?? button).join('\n');
  return { subject: t.linkSubject, text, html };
}

export const signInLinkSubject = (language: MemberLanguage) => TEXTS[language].linkSubject;

/** The code's SMS (stored with a placeholder for the code: decision 339). */
export function signInCodeSms(language: MemberLanguage, code: string, minutes: number): string {
  return TEXTS[language].codeSms(code, minutes);
}
