import type { VoucherMessageId } from '@avpass/contracts/i18n/voucher-words';
import type member from '@/locales/member.en.json';
import type publicPages from '@/locales/public.en.json';
import type settings from '@/locales/settings.en.json';
import type till from '@/locales/till.en.json';

/** Every message a screen may ask for: the English catalogs' keys (a missing key is a type error). */
export type MessageId =
  | VoucherMessageId
  | keyof typeof member
  | keyof typeof publicPages
  | keyof typeof settings
  | keyof typeof till;
