import { ApiError, errorMessageOf } from '@/lib/api-client';

/** The gateway's ceiling (gateway/src/routes/members.controller.ts): larger is a 413. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = 'The CSV is larger than 10 MB: split it into smaller files and import each.';

/**
 * What to tell the administrator when an import was refused as a whole: any 413 (the route's or the
 * body limit's) is the 10 MB rule; a 400 is the server's reason (an unknown column, an empty file).
 */
export function importFailureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return TOO_LARGE;
  if (error instanceof ApiError && error.status === 400)
    return error.serverMessage ?? 'The file could not be read as a members CSV.';
  return errorMessageOf(error, 'The import failed: nothing was changed. Try again.');
}
