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

export const uuidParam = z.string().uuid('Not a valid id');

/** A stored file served by the platform's own upload module. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/[a-z0-9-]+\.(png|jpg|webp)$/;
export const uploadUrl = (message = 'Must be a file uploaded to AV Pass (/uploads/...)') =>
  z.string().trim().regex(UPLOAD_URL_PATTERN, message);
