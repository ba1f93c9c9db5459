import { z } from 'zod';
import { CARD_LANGUAGE_MESSAGE, CARD_LANGUAGES } from './words';

// The words (CARD_LANGUAGES, DEFAULT_CARD_LANGUAGE, isCardLanguage) live in ./words.ts, zod-free.
export {
  CARD_LANGUAGES,
  CARD_LANGUAGE_MESSAGE,
  DEFAULT_CARD_LANGUAGE,
  isCardLanguage,
  type CardLanguage,
} from './words';

export const cardLanguageSchema = z.enum(CARD_LANGUAGES, { error: CARD_LANGUAGE_MESSAGE });
