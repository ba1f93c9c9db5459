import { z } from 'zod';
// A data file, not code (decision 265): tools/build.mjs copies it into dist/, Vite bundles it.
import commonPasswordList from './common-passwords.json';

/** The spec's minimum length of a new password. */
export const PASSWORD_MIN_LENGTH = 6;

export const COMMON_PASSWORD_MESSAGE = `This password is one of the ${commonPasswordList.ranked.toLocaleString('en-US')} most commonly used, which attackers try first. Choose a less common one.`;

let common: ReadonlySet<string> | null = null;

/** The bundled list, decoded on first use (common-passwords.json is front-coded). */
function commonPasswords(): ReadonlySet<string> {
  if (common) return common;
  const words = new Set<string>();
  let previous = '';
  for (const entry of commonPasswordList.frontCoded.split(' ')) {
    previous = previous.slice(0, Number(entry[0])) + entry.slice(1);
    words.add(previous);
  }
  if (words.size !== commonPasswordList.count) {
    throw new Error(`common-passwords.json holds ${words.size} passwords, not ${commonPasswordList.count}`);
  }
  common = words;
  return words;
}

/** Whether `password` is one of the most used ones (whatever its case), which a new password may not be. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * A new password (a portal user's, the administrator's change): at least 6 characters with the spec's
 * message for the form it is in, and not a commonly used one (NIST SP 800-63B 3.1.1.2). The list holds
 * only passwords of 6 characters or more, so a shorter one gets the length message alone.
 */
export const newPasswordSchema = (tooShort: string, tooLong: string) =>
  z
    .string({ error: tooShort })
    .min(PASSWORD_MIN_LENGTH, tooShort)
    .max(1024, tooLong)
    .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);
