import { ApiError, errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { codeText } from './code-text';
import { i18n } from './i18n';

/**
 * A failed call's words for a converted screen (issue 42, decision 356): the translation of the answer's
 * `code` when a loaded catalog has it (the catalogs name such messages by the code itself:
 * `voucher.redeem.expired`, `till.code.not-ours`, `member.sign-in.email.required`), with its `params`;
 * else the server's English `message`; else `fallback`.
 */
export function apiErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return codeText(error.code, error.params, errorMessageOf(error, fallback));
  return errorMessageOf(error, fallback);
}

/** The first error per field, as `fieldErrorsOf`, each in the reader's language when its code is known. */
export function apiFieldErrorTexts(error: unknown): Record<string, string> {
  const english = fieldErrorsOf(error);
  if (!(error instanceof ApiError)) return english;
  return Object.fromEntries(
    Object.entries(english).map(([field, text]) => {
      const first = error.fieldCodes[field]?.[0];
      return [field, first && first.code in i18n.messages ? i18n._(first.code, first.params) : text];
    }),
  );
}
