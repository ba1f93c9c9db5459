import type { Language } from '@avpass/contracts';
import { GATEWAY_CATALOG } from '../i18n/gateway-catalog';

/** The unsubscribe link's tiny page (no script, no styles from elsewhere): English or Spanish. */
export type PageLanguage = Language;
type PageState = 'confirm' | 'done' | 'invalid';

export function unsubscribePage(language: PageLanguage, state: PageState, token: string): string {
  const text = GATEWAY_CATALOG.in(language);
  const t = {
    title: text('unsubscribe.title'),
    confirm: text('unsubscribe.confirm'),
    button: text('unsubscribe.button'),
    done: text('unsubscribe.done'),
    invalid: text('unsubscribe.invalid'),
  };
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
