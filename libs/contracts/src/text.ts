import { z } from 'zod';

/**
 * Characters no text field accepts: C0 control characters other than tab, line feed and carriage
 * return (NUL above all: PostgreSQL refuses it in text), DEL, and UTF-16 surrogates without their
 * pair (not representable in UTF-8, so JSONB and the drivers refuse them).
 */
const UNSAFE_TEXT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'Must not contain control characters or invalid Unicode';

export const isSafeText = (value: string): boolean => !UNSAFE_TEXT.test(value);

/** A text field: a string free of control characters and unpaired surrogates. */
export const safeText = (message = UNSAFE_TEXT_MESSAGE) => z.string().refine(isSafeText, message);

/**
 * The path of the first string (value or object key) in a request that is not safe text, or null.
 * The gateway runs it on every body and query before the route's schema, so every text field of
 * every endpoint refuses these characters with a 400, including fields declared later.
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path.join('.') || '_';
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (!isSafeText(key)) return [...path, '_key'].join('.');
    const found = findUnsafeText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
