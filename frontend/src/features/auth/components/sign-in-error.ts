import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { ApiError } from '@/lib/api-client';
import type { MessageId } from '@/i18n/message-id';

/** Spec section 8: the server's message, else 'Invalid username or password.'; outages get their own words. */
export function signInErrorMessage(error: unknown, t: Translate<MessageId>): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status >= 500) return t('login.error.unavailable');
    return t('login.error.invalid');
  }
  if (error instanceof TypeError) return t('login.error.offline');
  return t('login.error.invalid');
}
