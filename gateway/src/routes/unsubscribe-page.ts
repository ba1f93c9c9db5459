/** The unsubscribe link's tiny page (no script, no styles from elsewhere): English or Spanish. */
export type PageLanguage = 'en' | 'es';
type PageState = 'confirm' | 'done' | 'invalid';

const TEXTS = {
  en: {
    title: 'Unsubscribe',
    confirm: 'Stop receiving vouchers and news from us by e-mail?',
    button: 'Unsubscribe',
    done: 'You will get no more e-mails from us.',
    invalid: 'This unsubscribe link is not valid. Ask the club to stop the e-mails.',
  },
  es: {
    title: 'Darse de baja',
    confirm: '¿Dejar de recibir vales y novedades por correo electrónico?',
    button: 'Darme de baja',
    done: 'Ya no recibirás más correos nuestros.',
    invalid: 'Este enlace para darse de baja no es válido. Pide al club que deje de enviarte correos.',
  },
} as const;

export function unsubscribePage(language: PageLanguage, state: PageState, token: string): string {
  const t = TEXTS[language];
  const action = `/api/members/unsubscribe?token=${encodeURIComponent(token)}&lang=${language}`;
  const body =
    state === 'confirm'
      ? `<p>${t.confirm}</p>
<form method="post" action="${action}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${t.button}</button>
</form>`
      : `<p>${state === 'done' ? t.done : t.invalid}</p>`;
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t.title}</title></head>
<body><main><h1>${t.title}</h1>
${body}
</main></body></html>
`;
}
