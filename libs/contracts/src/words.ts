/**
 * Plain words of the contracts, no zod: the lists' sorts and statuses, the render formats and sizes,
 * the limits and messages a screen shows. The browser's first load imports these from
 * `@avpass/contracts/words` (issue 40: no runtime schema library there); the modules that define the
 * schemas import them from here and re-export them, so `@avpass/contracts` still offers every name.
 */

/** The codes table's sorts (vouchers/lists.ts documents them). */
export const CODE_SORTS = ['createdAt', 'name', 'usageCount', 'expiresAt'] as const;
export type CodeSort = (typeof CODE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Each sort's direction when `order` is not given. */
export const CODE_SORT_DEFAULT_ORDER: Readonly<Record<CodeSort, SortOrder>> = {
  createdAt: 'desc',
  name: 'asc',
  usageCount: 'desc',
  expiresAt: 'asc',
};

/** Redeemed comes from the tallies and is not a sort. Batches have no status and no partner. */
export const BATCH_SORTS = ['createdAt', 'name', 'count'] as const;
export type BatchSort = (typeof BATCH_SORTS)[number];
export const BATCH_SORT_DEFAULT_ORDER: Readonly<Record<BatchSort, SortOrder>> = {
  createdAt: 'desc',
  name: 'asc',
  count: 'desc',
};

/** The trainer codes table's sorts (trainers/lists.ts documents them). */
export const TRAINER_SORTS = ['createdAt', 'name', 'expiresAt', 'usageCount'] as const;
export type TrainerSort = (typeof TRAINER_SORTS)[number];
export const TRAINER_SORT_DEFAULT_ORDER: Readonly<Record<TrainerSort, SortOrder>> = {
  createdAt: 'desc',
  name: 'asc',
  expiresAt: 'asc',
  usageCount: 'desc',
};

export const RENDER_FORMATS = ['png', 'pdf', 'svg'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

/** Printed sizes of the voucher card (rendering.ts). */
export const CARD_SIZES = ['a6', '4x6'] as const;
export type CardSize = (typeof CARD_SIZES)[number];
export const DEFAULT_CARD_SIZE: CardSize = 'a6';

/** Paper for a sheet of cards with crop marks (a ZIP job option). */
export const SHEET_SIZES = ['a4', 'letter'] as const;
export type SheetSize = (typeof SHEET_SIZES)[number];

export const REDEMPTION_STATUSES = ['completed', 'cancelled'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export const BULK_ASSIGN_MAX_IDS = 10_000;

export const RESOLVE_MAX_IDS = 10_000;

export const CANCEL_REASON_MESSAGE = 'Please give a reason (1-500 characters)';

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

export function isCardLanguage(value: unknown): value is CardLanguage {
  return typeof value === 'string' && (CARD_LANGUAGES as readonly string[]).includes(value);
}
