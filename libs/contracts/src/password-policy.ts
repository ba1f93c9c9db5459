import { z } from 'zod';
import { COMMON_PASSWORDS_FRONT_CODED, COMMON_PASSWORDS_RANKED } from './common-passwords';

/** The spec's minimum length of a new password. */
export const PASSWORD_MIN_LENGTH = 6;

export const COMMON_PASSWORD_MESSAGE = `This password is one of the ${COMMON_PASSWORDS_RANKED.toLocaleString('en-US')} most commonly used, which attackers try first. Choose a less common one.`;

let common: ReadonlySet<string> | null = null;

/** The bundled list, decoded on first use (common-passwords.ts is front-coded). */
function commonPasswords(): ReadonlySet<string> {
  if (common) return common;
  const words = new Set<string>();
  let previous = '';
  for (const entry of COMMON_PASSWORDS_FRONT_CODED.split(' ')) {
    previous = previous.slice(0, Number(entry[0])) + entry.slice(1);
    words.add(previous);
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
