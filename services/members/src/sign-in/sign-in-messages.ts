import type { MemberLanguage } from '@avpass/contracts';
import { MEMBER_CATALOG } from '../i18n';

/** The sign-in messages a member receives, in the member's language (the members catalog, issue 42). */
const text = (language: MemberLanguage, firstName: string, link: string, minutes: number) => {
  const t = MEMBER_CATALOG.in(language);
  return (
    `${t('sign-in.link.greeting', { name: firstName })}\n\n${t('sign-in.link.open')}\n${link}\n\n` +
    t('sign-in.link.once', { minutes })
  );
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The magic link's mail: plain text and a small HTML twin with one button (made when it is sent). */
export function signInLinkMail(
  language: MemberLanguage,
  firstName: string,
  link: string,
  minutes: number,
): { subject: string; text: string; html: string } {
  const body = text(language, firstName, link, minutes);
  const paragraphs = body
    .split('\n\n')
    .map((p) => (p.includes(link) ? null : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`));
  const button = `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1565c0;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(MEMBER_CATALOG.t(language, 'sign-in.link.button'))}</a></p>`;
  const html = paragraphs.map((p) => p ?? button).join('\n');
  return { subject: signInLinkSubject(language), text: body, html };
}

export const signInLinkSubject = (language: MemberLanguage) =>
  MEMBER_CATALOG.t(language, 'sign-in.link.subject');

/** The code's SMS (stored with a placeholder for the code: decision 339). */
export function signInCodeSms(language: MemberLanguage, code: string, minutes: number): string {
  return MEMBER_CATALOG.t(language, 'sign-in.code.sms', { code, minutes });
}
