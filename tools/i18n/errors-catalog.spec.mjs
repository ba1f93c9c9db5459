import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES } from '../../libs/contracts/src/message-codes.ts';

/** The screens' `errors` area (decision 360): its keys are the API's codes, its English the API's message. */
describe('the errors catalog', () => {
  it('holds only error codes, each in English exactly as the API says it', () => {
    const path = resolve(import.meta.dirname, '../../frontend/src/locales/errors.en.json');
    const english = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(english).length).toBeGreaterThan(40);
    for (const [code, text] of Object.entries(english)) expect(MESSAGE_CODES[code], code).toBe(text);
  });
});
