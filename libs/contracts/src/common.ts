import { z } from 'zod';
import { safeText } from './text';

/** Optional text field from a form: trimmed; blank becomes null. */
export const optionalText = (max = 500) =>
  safeText()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** An e-mail address, or empty (stored as null). */
export const optionalEmail = (message = 'Valid email required') =>
  z
    .union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email(message))])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** An http(s) URL, or empty (stored as null). */
export const optionalUrl = (message = 'Please enter a valid URL (https://...)') =>
  z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .pipe(z.url({ protocol: /^https?$/, error: message })),
    ])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** An entity id (path parameter or field): a UUID, or 400 'Not a valid id'. */
export const uuidParam = z.string().uuid('Not a valid id');
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A public voucher link's id: any text. A malformed id is not refused as such: the voucher is simply
 * not found (the service checks `UUID_PATTERN` before any query), like an unknown one.
 */
export const publicVoucherId = z.string();

/**
 * "Exactly one of ids / batchId / all": the selector of a multi-code download (the HTTP body names
 * the list `qrCodes`, the internal resolve call `ids`). One rule, one message, reported on the list field.
 */
export function hasExactlyOneSource(
  value: { batchId?: unknown; all?: unknown } & Record<string, unknown>,
  listField: 'qrCodes' | 'ids',
  ctx: z.RefinementCtx,
): boolean {
  const chosen = [value[listField] !== undefined, value.batchId !== undefined, value.all === true];
  if (chosen.filter(Boolean).length === 1) return true;
  const message = `Send exactly one of ${listField}, batchId or all`;
  ctx.addIssue({ code: 'custom', path: [listField], message });
  return false;
}

/** A stored file served by the platform's own upload module. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/[a-z0-9-]+\.(png|jpg|webp)$/;
export const uploadUrl = (message = 'Must be a file uploaded to AV Pass (/uploads/...)') =>
  z.string().trim().regex(UPLOAD_URL_PATTERN, message);
