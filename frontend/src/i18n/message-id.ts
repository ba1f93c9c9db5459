import type { AuditMessageId } from '@avpass/contracts/audit-sentence';
import type { VoucherMessageId } from '@avpass/contracts/i18n/voucher-words';
import type member from '@/locales/member.en.json';
import type publicPages from '@/locales/public.en.json';
import type settings from '@/locales/settings.en.json';
import type till from '@/locales/till.en.json';
import type staffArea from '@/locales/staff.en.json';
import type staffListsArea from '@/locales/staff-lists.en.json';
import type dashboardArea from '@/locales/dashboard.en.json';
import type generateArea from '@/locales/generate.en.json';
import type auditArea from '@/locales/audit.en.json';
import type creditsArea from '@/locales/credits.en.json';
import type exclusivesArea from '@/locales/exclusives.en.json';
import type partnersArea from '@/locales/partners.en.json';
import type membersArea from '@/locales/members.en.json';
import type statementsArea from '@/locales/statements.en.json';
import type inventoryArea from '@/locales/inventory.en.json';

/** Every message a screen may ask for: the English catalogs' keys (a missing key is a type error). */
export type MessageId =
  | VoucherMessageId
  | AuditMessageId
  | keyof typeof member
  | keyof typeof publicPages
  | keyof typeof settings
  | keyof typeof till
  | keyof typeof staffArea
  | keyof typeof staffListsArea
  | keyof typeof dashboardArea
  | keyof typeof generateArea
  | keyof typeof auditArea
  | keyof typeof creditsArea
  | keyof typeof exclusivesArea
  | keyof typeof partnersArea
  | keyof typeof membersArea
  | keyof typeof statementsArea
  | keyof typeof inventoryArea;
