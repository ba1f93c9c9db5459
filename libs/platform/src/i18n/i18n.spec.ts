import { describe, expect, it } from 'vitest';
import { defineCatalog } from './catalog';
import { formatsFor } from './formats';
import { negotiate } from './negotiate';

const LA = 'America/Los_Angeles';

describe('negotiate', () => {
  it('takes the highest-weighted language AV Pass speaks, its region ignored', () => {
    expect(negotiate('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(negotiate('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(negotiate('en-US,en;q=0.9,es;q=0.8')).toBe('en');
    expect(negotiate('ES')).toBe('es');
  });

  it('keeps the header order on a tie and skips refused ranges', () => {
    expect(negotiate('es, en')).toBe('es');
    expect(negotiate('en;q=0.8, es;q=0.8')).toBe('en');
    expect(negotiate('es;q=0, en;q=0.1')).toBe('en');
  });

  it('is English for nothing, a wildcard, an unknown language or a malformed header', () => {
    for (const header of [undefined, null, '', '*', 'fr, de;q=0.5', ';;;,,q=', 'es;q=abc', 'es;q=2'])
      expect(negotiate(header)).toBe('en');
  });
});

describe('formats', () => {
  const en = formatsFor('en', LA);
  const es = formatsFor('es', LA);

  it('writes an instant on the business time zone’s calendar, in each language', () => {
    // 02:30 UTC on Mar 9 is still Mar 8 in Los Angeles, on daylight time since that morning (UTC-7).
    const at = '2026-03-09T02:30:00Z';
    expect(en.date(at)).toBe('Mar 8, 2026');
    expect(es.date(at)).toMatch(/^8 mar 2026$/);
    expect(en.dateTime(at)).toBe('Mar 8, 2026, 7:30 PM');
    expect(es.dateTime(at)).toMatch(/^8 mar 2026, 7:30\s?p\.\s?m\.$/);
    expect(en.time(at)).toBe('7:30 PM');
  });

  it('shows a date-only value as that calendar day, never moved by the zone', () => {
    expect(en.date('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatsFor('en', 'Pacific/Kiritimati').date('2026-01-01')).toBe('Jan 1, 2026');
    expect(es.date('2026-12-31')).toMatch(/^31 dic 2026$/);
  });

  it('names a statement month', () => {
    expect(en.month('2026-03')).toBe('March 2026');
    expect(es.month('2026-03')).toBe('marzo de 2026');
    expect(() => en.month('2026-3')).toThrow(RangeError);
  });

  it('writes money from whole cents as US dollars in both languages, never a fraction of a cent', () => {
    expect(en.money(123456)).toBe('$1,234.56');
    expect(es.money(123456)).toBe('$1,234.56');
    expect(en.money(-1250)).toBe('-$12.50');
    expect(en.money(-0)).toBe('$0.00');
    expect(() => es.money(12.5)).toThrow(RangeError);
    expect(en.number(1234.5)).toBe('1,234.5');
    expect(es.number(1234.5)).toBe('1,234.5');
  });

  it('refuses a text that is not a date', () => {
    expect(() => en.date('soon')).toThrow(RangeError);
  });
});

describe('catalogs', () => {
  const catalog = defineCatalog(
    { hello: 'Hello {name}', uses: '{n, plural, one {# use} other {# uses}} left', quote: "Don't worry" },
    {
      hello: 'Hola, {name}',
      uses: '{n, plural, one {Queda # uso} other {Quedan # usos}}',
      quote: 'No se preocupe',
    },
  );

  it('puts values into each language’s message, with plurals', () => {
    expect(catalog.t('en', 'hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(catalog.t('es', 'hello', { name: 'Ana' })).toBe('Hola, Ana');
    expect(catalog.t('en', 'uses', { n: 1 })).toBe('1 use left');
    expect(catalog.t('es', 'uses', { n: 3 })).toBe('Quedan 3 usos');
    expect(catalog.in('en')('quote')).toBe("Don't worry");
  });
});

describe('a catalog’s check', () => {
  it('names a key missing in Spanish, one Spanish has alone, and one no code uses', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { catalogProblems } = await import('./catalog-check');
    const dir = await mkdtemp(join(tmpdir(), 'catalog-'));
    await writeFile(join(dir, 'uses.ts'), 't(\'used\'); t("half");');
    const messages = {
      en: { used: 'Used', half: 'Half', idle: 'Idle' },
      es: { used: 'Usado', idle: 'Inactivo', extra: 'De más' },
    } as never;
    expect(catalogProblems({ messages }, dir, () => false)).toEqual([
      'es: "half" is missing',
      'es: "extra" is not an English key',
      '"idle" is not used by the code',
    ]);
    await rm(dir, { recursive: true });
  });
});
