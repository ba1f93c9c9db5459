import { i18n } from './i18n';

/**
 * A server's sentence in the reader's language: its code's text with its values when a loaded catalog
 * has the code (an error, a till's refusal, an import's refused row), else the server's `english`.
 */
export function codeText(
  code: string | null | undefined,
  params: Record<string, unknown> | undefined,
  english: string,
): string {
  return code && code in i18n.messages ? i18n._(code, params) : english;
}
