import { COMMON_PASSWORD_MESSAGE, PARTNER_CATEGORIES, UNSAFE_TEXT_MESSAGE } from '@avpass/contracts';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';

/** The translator the partners screen passes to its word functions. */
export type T = Translate<MessageId>;

/** The categories' words, by the category as stored (a partner's categories are these English names). */
const CATEGORY_KEYS: Record<(typeof PARTNER_CATEGORIES)[number], MessageId> = {
  Restaurant: 'partners.category.restaurant',
  'Coffee Shop': 'partners.category.coffeeShop',
  'Sports Shop': 'partners.category.sportsShop',
  'Training Facility': 'partners.category.trainingFacility',
  'Sports Clinic': 'partners.category.sportsClinic',
  'Fitness Center': 'partners.category.fitnessCenter',
  'Equipment Store': 'partners.category.equipmentStore',
  'Nutrition Shop': 'partners.category.nutritionShop',
  'Physical Therapy': 'partners.category.physicalTherapy',
  'Athletic Wear': 'partners.category.athleticWear',
  Entertainment: 'partners.category.entertainment',
  Retail: 'partners.category.retail',
  Service: 'partners.category.service',
  Healthcare: 'partners.category.healthcare',
  Education: 'partners.category.education',
};

/** A category in the reader's language (one the list does not know is shown as stored). */
export function categoryLabel(category: string, t: T): string {
  const key = CATEGORY_KEYS[category as keyof typeof CATEGORY_KEYS];
  return key ? t(key) : category;
}

/** The partner and portal-user forms' validation messages (the shared schemas' English texts) by their words. */
const KNOWN: Record<string, MessageId> = {
  'Partner name is required': 'partners.error.nameRequired',
  'Partner name must be at most 200 characters': 'partners.error.nameTooLong',
  'Valid email required': 'partners.error.email',
  'Please enter a valid URL (https://...)': 'partners.error.url',
  'At most 20 categories': 'partners.error.categories',
  'Username is required': 'partners.error.usernameRequired',
  'Username must be at most 64 characters': 'partners.error.usernameTooLong',
  'Password must be at least 6 characters': 'partners.error.passwordTooShort',
  'Password must be at most 1024 characters': 'partners.error.passwordTooLong',
  [COMMON_PASSWORD_MESSAGE]: 'partners.error.commonPassword',
  [UNSAFE_TEXT_MESSAGE]: 'partners.error.unsafeText',
};

/** Each field's message in the reader's language; a message not known here is shown as the schema wrote it. */
export function fieldErrorWords(errors: Record<string, string>, t: T): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => {
      const key = KNOWN[text];
      const most = key ? undefined : /^Must be at most (\d+) characters$/.exec(text)?.[1];
      return [field, key ? t(key) : most ? t('partners.error.tooLong', { most }) : text];
    }),
  );
}
