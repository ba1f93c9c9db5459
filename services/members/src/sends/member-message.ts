import type { MemberLanguage } from '@avpass/contracts';
import { MEMBER_CATALOG } from '../i18n';

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

const texts = (language: MemberLanguage) => {
  const t = MEMBER_CATALOG.in(language);
  return {
    subject: (title: string | null) =>
      title ? t('voucher.subject.titled', { title }) : t('voucher.subject'),
    greeting: (name: string) => (name ? t('voucher.greeting.named', { name }) : t('voucher.greeting')),
    intro: t('voucher.intro'),
    open: t('voucher.open'),
    where: t('voucher.where'),
    apple: t('voucher.apple'),
    google: t('voucher.google'),
    unsubscribe: t('voucher.unsubscribe'),
    sms: (name: string, url: string, where: string) =>
      [
        name ? t('voucher.sms.named', { name, url }) : t('voucher.sms', { url }),
        ...(where ? [t('voucher.sms.where', { where })] : []),
        t('voucher.sms.stop'),
      ].join(' '),
  };
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The mail's subject in the member's language. */
export function memberMailSubject(language: MemberLanguage, title: string | null): string {
  return texts(language).subject(title);
}

/** The mail's text and HTML (the mail template `member-voucher` renders it from the row's params). */
export function renderMemberMail(m: MemberVoucherMessage): { text: string; html: string } {
  const t = texts(m.language);
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
  return texts(m.language).sms(m.firstName, m.voucherUrl, m.partners.slice(0, 3).join(', ')).slice(0, 1600);
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
export const unsubscribedMessage = (language: MemberLanguage) =>
  MEMBER_CATALOG.t(language, 'unsubscribe.done');
