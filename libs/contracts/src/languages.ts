import { z } from 'zod';

/**
 * The languages AV Pass speaks (issue 42): a user's and a member's own choice, and what is sent to
 * them. English is the default everywhere; the spec's fixed English texts stay English in both.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_MESSAGE = 'Language must be en or es';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const languageSchema = z.enum(LANGUAGES, LANGUAGE_MESSAGE);

/** PATCH /api/auth/user/language and PATCH /api/me/language: the one field. */
export const setLanguageRequestSchema = z.object({ language: languageSchema }).strict();
export type SetLanguageRequest = z.infer<typeof setLanguageRequestSchema>;
