import { ApiError, errorMessageOf } from '@/lib/api-client';

/** The gateway's ceiling (gateway/src/routes/members.controller.ts): larger is a 413. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = 'The CSV is larger than 10 MB: split it into smaller files and import each.';

/** The words of an import refused as a whole (the screen passes them in the reader's language). */
export interface ImportFailureWords {
  tooLarge: string;
  unreadable: string;
  failed: string;
  /** A failed call's words (apiErrorText on the screen): its code's translation, else the server's text. */
  explain: (error: unknown, fallback: string) => string;
}

const ENGLISH: ImportFailureWords = {
  tooLarge: TOO_LARGE,
  unreadable: 'The file could not be read as a members CSV.',
  failed: 'The import failed: nothing was changed. Try again.',
  explain: errorMessageOf,
};

/**
 * What to tell the administrator when an import was refused as a whole: any 413 (the route's or the
 * body limit's) is the 10 MB rule; a 400 is the server's reason (an unknown column, an empty file).
 */
export function importFailureOf(error: unknown, words: ImportFailureWords = ENGLISH): string {
  if (error instanceof ApiError && error.status === 413) return words.tooLarge;
  if (error instanceof ApiError && error.status === 400) return words.explain(error, words.unreadable);
  return words.explain(error, words.failed);
}
