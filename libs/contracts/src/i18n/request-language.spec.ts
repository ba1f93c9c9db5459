import { describe, expect, it } from 'vitest';
import { acceptedTags, requestLanguage } from './request-language';

describe('the language the gateway draws the voucher page in', () => {
  it('takes the remembered choice first, then the browser’s most wanted language it speaks, then English', () => {
    expect(requestLanguage('a=1; avpass_lang=es', 'en-US,en;q=0.9')).toBe('es');
    expect(requestLanguage('avpass_lang=en', 'es-MX')).toBe('en');
    // The pseudo-locale (and anything else) is not a language the gateway draws: Accept-Language decides.
    expect(requestLanguage('avpass_lang=pseudo', 'es-US,es;q=0.9')).toBe('es');
    expect(requestLanguage(undefined, 'fr-FR, es;q=0.5, en;q=0.4')).toBe('es');
    expect(requestLanguage(undefined, 'fr-FR,de;q=0.8')).toBe('en');
    expect(requestLanguage(undefined, undefined)).toBe('en');
  });

  it('reads Accept-Language by its weights, refusing q=0 and the wildcard', () => {
    expect(acceptedTags('en;q=0.2, es-US, fr;q=0.5, de;q=0, *')).toEqual(['es-US', 'fr', 'en']);
    expect(acceptedTags('')).toEqual([]);
  });
});
