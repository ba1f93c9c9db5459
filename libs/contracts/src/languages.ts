import { z } from 'zod';
import { LANGUAGES } from './i18n/languages';

/**
 * The languages AV Pass speaks (issue 42) as the API takes them: a user's and a member's own choice, and
 * what is sent to them. The list itself, `Language`, `DEFAULT_LANGUAGE` and `isLanguage` are the zod-free
 * ./i18n/languages (the screens read it without zod); this adds the schemas.
 */
export const LANGUAGE_MESSAGE = 'Language must be en or es';

export const languageSchema = z.enum(LANGUAGES, LANGUAGE_MESSAGE);

/** PATCH /api/auth/user/language and PATCH /api/me/language: the one field. */
export const setLanguageRequestSchema = z.object({ language: languageSchema }).strict();
export type SetLanguageRequest = z.infer<typeof setLanguageRequestSchema>;
