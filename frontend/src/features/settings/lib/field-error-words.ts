import { COMMON_PASSWORD_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@avpass/contracts';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';

/**
 * The Settings forms' validation messages (the shared schemas' English texts) by their words in the
 * catalog (issue 42): a message not listed here is shown as the schema wrote it.
 */
const KNOWN: Record<string, MessageId> = {
  'Username is required': 'settings.error.usernameRequired',
  'Username must be at most 64 characters': 'settings.error.usernameTooLong',
  'Valid email required': 'settings.error.email',
  'Must be at most 100 characters': 'settings.error.tooLong100',
  'Current password is required': 'settings.error.currentPasswordRequired',
  'New password must be at least 6 characters': 'settings.error.newPasswordTooShort',
  'New password must be at most 1024 characters': 'settings.error.newPasswordTooLong',
  'Password confirmation is required': 'settings.error.confirmRequired',
  "Passwords don't match": 'settings.error.mismatch',
  [COMMON_PASSWORD_MESSAGE]: 'settings.error.commonPassword',
  [UNSAFE_TEXT_MESSAGE]: 'settings.error.unsafeText',
};

/** Each field's message in the reader's language. */
export function fieldErrorWords<F extends string>(
  errors: Partial<Record<F, string>>,
  t: Translate<MessageId>,
): Partial<Record<F, string>> {
  const words: Partial<Record<F, string>> = {};
  for (const [field, text] of Object.entries(errors) as Array<[F, string | undefined]>) {
    if (text === undefined) continue;
    const key = KNOWN[text];
    words[field] = key ? t(key) : text;
  }
  return words;
}
