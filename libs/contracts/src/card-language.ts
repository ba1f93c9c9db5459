import { z } from 'zod';

/**
 * The language a batch's printed cards speak (issue 42, decision 359): English, Spanish, or both on one
 * card (`bilingual`: each label and fixed word in English with its Spanish beneath). Kept on the batch
 * (`batches.card_language`, default `en`); a card of no batch prints in English unless its download
 * asks for another.
 */
export const CARD_LANGUAGES = ['en', 'es', 'bilingual'] as const;
export type CardLanguage = (typeof CARD_LANGUAGES)[number];
export const DEFAULT_CARD_LANGUAGE: CardLanguage = 'en';
export const CARD_LANGUAGE_MESSAGE = 'Card language must be en, es or bilingual';
export const cardLanguageSchema = z.enum(CARD_LANGUAGES, { error: CARD_LANGUAGE_MESSAGE });

export function isCardLanguage(value: unknown): value is CardLanguage {
  return typeof value === 'string' && (CARD_LANGUAGES as readonly string[]).includes(value);
}
