import {
  COUPON_TITLE_REQUIRED,
  PARTNER_NAME_REQUIRED,
  TRAINER_NAME_MESSAGE,
  TRAINER_NAMES_MESSAGE,
} from '@avpass/contracts';
import type { MessageId } from '@/i18n/message-id';
import type { T } from './analytics-range';

/** The trainer form's own messages (the shared schema's English texts) by their words in the catalog. */
const KNOWN: Record<string, MessageId> = {
  [TRAINER_NAME_MESSAGE]: 'credits.trainerQr.error.name',
  [TRAINER_NAMES_MESSAGE]: 'credits.trainerQr.error.names',
  [PARTNER_NAME_REQUIRED]: 'credits.trainerQr.error.partnerName',
  [COUPON_TITLE_REQUIRED]: 'credits.trainerQr.error.couponTitle',
  'Discount percent: whole numbers only': 'credits.trainerQr.error.wholePercent',
  'Start and end time must differ': 'credits.trainerQr.error.sameHours',
  'Time must be HH:MM (00:00-23:59)': 'credits.trainerQr.error.time',
  'Bonus threshold must be a whole number, 0 or more': 'credits.trainerQr.error.threshold',
};

/** The schema's field names in its messages, by the catalog's names for them. */
const LABELS: Record<string, MessageId> = {
  'Discount percent': 'credits.trainerQr.name.discountPercent',
  'Referral bonus': 'credits.trainerQr.name.referralBonus',
  'Performance bonus': 'credits.trainerQr.name.performanceBonus',
  'Minimum purchase': 'credits.trainerQr.name.minPurchase',
  'Maximum discount': 'credits.trainerQr.name.maxDiscount',
  'Valid for': 'credits.trainerQr.name.validFor',
  'Bonus threshold': 'credits.trainerQr.name.bonusThreshold',
  'Partner name': 'credits.trainerQr.name.partnerName',
  'Coupon title': 'credits.trainerQr.name.couponTitle',
};

/** The schema's messages with values in them: the pattern, and the message that says it with `{field}`. */
const PATTERNS: ReadonlyArray<[RegExp, MessageId]> = [
  [/^(?<field>.+) must be between 0 and 100$/, 'credits.trainerQr.error.percent'],
  [/^Valid for must be between 1 and (?<most>\d+) days$/, 'credits.trainerQr.error.validDays'],
  [/^(?<field>.+) must be whole cents up to \$1,000,000$/, 'credits.trainerQr.error.money'],
  [/^(?<field>.+) must not be negative$/, 'credits.trainerQr.error.negative'],
  [/^(?<field>.+) must be a number, not .+$/, 'credits.trainerQr.error.number'],
  [/^(?<field>.+) must be at most 200 characters$/, 'credits.trainerQr.error.tooLong'],
  [/^At most (?<most>\d+) names of up to 200 characters each$/, 'credits.trainerQr.error.tooMany'],
];

/** One schema message in the reader's language; a message not known here is shown as the schema wrote it. */
function issueWords(text: string, t: T): string {
  const known = KNOWN[text];
  if (known) return t(known);
  for (const [pattern, key] of PATTERNS) {
    const groups = pattern.exec(text)?.groups;
    if (!groups) continue;
    const label = groups.field === undefined ? undefined : LABELS[groups.field];
    if (groups.field !== undefined && !label) continue;
    return t(key, { ...(label ? { field: t(label) } : {}), ...(groups.most ? { most: groups.most } : {}) });
  }
  return text;
}

/** Each field's message in the reader's language (the trainer form's client-side check, issue 42). */
export function trainerIssueWords(errors: Record<string, string>, t: T): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, issueWords(text, t)]));
}
