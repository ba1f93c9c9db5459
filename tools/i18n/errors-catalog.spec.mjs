import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES } from '../../libs/contracts/src/message-codes.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Every catalog of a language, merged (the screens' areas and the voucher area the server shares). */
const merged = (language) =>
  Object.assign(
    {},
    ...['frontend/src/locales', 'libs/contracts/src/i18n'].flatMap((dir) =>
      readdirSync(resolve(ROOT, dir))
        .filter((name) => name.endsWith(`.${language}.json`))
        .map((name) => JSON.parse(readFileSync(resolve(ROOT, dir, name), 'utf8'))),
    ),
  );

/** The screens' `errors` area (decision 360): its keys are the API's codes, its English the API's message. */
describe('the errors catalog', () => {
  it('holds only error codes, each in English exactly as the API says it', () => {
    const path = resolve(ROOT, 'frontend/src/locales/errors.en.json');
    const english = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(english).length).toBeGreaterThan(40);
    for (const [code, text] of Object.entries(english)) expect(MESSAGE_CODES[code], code).toBe(text);
  });

  it('with the voucher area, translates every code the API sends, its English word for word', () => {
    const [english, spanish] = [merged('en'), merged('es')];
    const untranslated = Object.keys(MESSAGE_CODES).filter((code) => !(code in spanish));
    expect(untranslated).toEqual([]);
    for (const code of Object.keys(MESSAGE_CODES)) expect(english[code], code).toBe(MESSAGE_CODES[code]);
  });
});
