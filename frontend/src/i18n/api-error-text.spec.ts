import { MESSAGE_CODES } from '@avpass/contracts/message-codes';
import type { Language } from '@avpass/contracts/i18n/languages';
import { describe, expect, it, vi } from 'vitest';

// The API client listens to the browser's storage events when loaded: a window with no events here.
vi.stubGlobal('window', { addEventListener: () => undefined, location: { origin: 'http://localhost' } });
const { apiErrorFrom } = await import('@/lib/api-client');
const { apiErrorText, apiFieldErrorTexts } = await import('./api-error-text');
const AREAS = await Promise.all([
  import('@avpass/contracts/i18n/voucher-catalogs').then((m) => m.VOUCHER_CATALOGS),
  import('@/locales/member-catalogs').then((m) => m.MEMBER_CATALOGS),
  import('@/locales/public-catalogs').then((m) => m.PUBLIC_CATALOGS),
  import('@/locales/till-catalogs').then((m) => m.TILL_CATALOGS),
  import('@/locales/settings-catalogs').then((m) => m.SETTINGS_CATALOGS),
]);
const { i18n } = await import('./i18n');

/** Every area's words in `language`, in the screens' one instance (as a screen that loaded them all). */
async function speak(language: Language): Promise<Record<string, unknown>> {
  const parts = await Promise.all(AREAS.map(async (area) => (await area[language]()).default));
  const messages = Object.assign({}, ...parts) as Record<string, string>;
  i18n.load(language, messages);
  i18n.activate(language);
  return messages;
}

const answer = (status: number, body: unknown) => apiErrorFrom(status, JSON.stringify(body));

describe('an API error in the reader’s language', () => {
  it('says a code the catalogs know in Spanish, with its params', async () => {
    await speak('es');
    const expired = answer(409, { message: 'This voucher has expired.', code: 'voucher.redeem.expired' });
    expect(apiErrorText(expired, 'fallback')).toBe('Este cupón está vencido.');
    const elsewhere = answer(403, {
      message: 'This voucher is not valid at Harbor Physio',
      code: 'till.not-valid-here',
      params: { partner: 'Harbor Physio' },
    });
    expect(apiErrorText(elsewhere, 'fallback')).toBe('Este cupón no es válido en Harbor Physio');
  });

  it('keeps the English message for a code no catalog has, and the fallback without a body', async () => {
    await speak('es');
    const batch = answer(404, { message: 'Batch not found', code: 'voucher.batch.not-found' });
    expect(apiErrorText(batch, 'fallback')).toBe('Batch not found');
    expect(apiErrorText(apiErrorFrom(502, '<html>Bad gateway</html>'), 'Inténtelo de nuevo')).toBe(
      'Inténtelo de nuevo',
    );
    expect(apiErrorText(new Error('offline'), 'Sin conexión')).toBe('Sin conexión');
  });

  it('says a field’s first error by its code, else its English text', async () => {
    await speak('es');
    const invalid = answer(400, {
      message: 'Enter your e-mail address',
      code: 'member.sign-in.email.required',
      errors: { email: ['Enter your e-mail address'], phone: ['Not a phone'] },
      errorCodes: { email: [{ code: 'member.sign-in.email.required' }], phone: [{ code: 'field.format' }] },
    });
    expect(apiFieldErrorTexts(invalid)).toEqual({
      email: 'Escriba su correo electrónico',
      phone: 'Not a phone',
    });
  });

  it('has, in English, each code’s own text word for word (message-codes.ts)', async () => {
    const english = await speak('en');
    const codes = Object.keys(english).filter((key) => key in MESSAGE_CODES);
    expect(codes.length).toBeGreaterThanOrEqual(10);
    for (const code of codes) {
      const text = MESSAGE_CODES[code as keyof typeof MESSAGE_CODES];
      const slots = Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map(([slot, name]) => [name!, slot]));
      expect(i18n._(code, slots), code).toBe(text);
    }
  });
});
