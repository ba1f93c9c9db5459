import type { z } from 'zod';
import type { FieldErrors } from './errors';

/** Flattens zod issues into `{ "field.path": [messages] }`, the shape of every 400 body. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The first message, for a one-line summary: "Partner name is required". */
export function firstErrorMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}
