import { CARD_LANGUAGE_MESSAGE } from './card-language';
import { CREDIT_MESSAGES, CREDIT_REFUSALS } from './credits';
import { USED_OVER_ALLOCATED } from './inventory/items';
import { LANGUAGE_MESSAGE } from './languages';
import { BIRTH_DATE_MESSAGE, BIRTH_DATE_RANGE_MESSAGE, IMPORT_REFUSALS, MEMBER_TAG_MESSAGE } from './members';
import {
  PASS_CODE_MESSAGE,
  PASS_REFUSAL_MESSAGES,
  SECOND_FACTOR_FORMAT_MESSAGE,
  SECOND_FACTOR_WRONG_MESSAGE,
} from './member-pass';
import {
  memberDailyCapMessage,
  memberLimitMessage,
  outsideHoursMessage,
  REDEEM_REFUSALS,
  validFromMessage,
} from './redeem-refusals';
import {
  CREDIT_ACCESS_MESSAGES,
  insufficientBalanceMessage,
  INVENTORY_REFUSALS,
  PARTNER_REFUSALS,
  STATEMENT_ACCESS_MESSAGES,
  VENDOR_NOT_FOUND_MESSAGE,
} from './service-refusals';
import { STATEMENT_REFUSALS, type StatementStatus } from './statements';
import { STAFF_ONLY_MESSAGE } from './till-text';
import {
  ALREADY_CANCELLED_MESSAGE,
  NOT_OUR_VOUCHER_MESSAGE,
  notValidAtMessage,
  SEVERAL_MATCHES_MESSAGE,
  TILL_CODE_MESSAGE,
  undoWindowClosedMessage,
} from './till';
import {
  IDEMPOTENCY_KEY_MESSAGE,
  PARTNER_NAME_MESSAGE,
  PAST_EXPIRY_MESSAGE,
  START_AFTER_EXPIRY_MESSAGE,
  USAGE_LIMIT_REQUIRED_MESSAGE,
  WHOLE_NUMBERS_MESSAGE,
} from './vouchers/code-fields';
import { UNSAFE_TEXT_MESSAGE } from './text';

/** A message function's text with `{name}` where its number goes (called with a number no message has). */
function slot(message: (n: number) => string, name: string): string {
  const marker = 987654321;
  return message(marker).split(String(marker)).join(`{${name}}`);
}

/**
 * The API's error codes (issue 42, decision 356), imported as `@avpass/contracts/message-codes` (not
 * from the barrel, so no screen's bundle carries it unasked): every error body carries `code` beside its English
 * `message` (kept for old clients), and `params` when the message has values in it, so a screen shows
 * the code's text in the reader's language. This is the one catalog of codes: code -> the English text,
 * `{name}` where a value goes. The gateway finds a message's code here (`messageCode`); a message that
 * is in no entry gets its status's code (`STATUS_CODES`). A code never changes meaning once deployed.
 *
 * Entries built from the messages' own constants and functions (a value stands in as `{name}`), so a
 * message and its code cannot drift apart. More specific entries come before the generic ones.
 */
export const MESSAGE_CODES = {
  // The voucher page and the redeem (409 refusals, 403 staff-only, 404).
  'voucher.not-found': 'Voucher not found. This discount voucher is invalid or has expired.',
  'voucher.redeem.used-up': REDEEM_REFUSALS.used_up,
  'voucher.redeem.expired': REDEEM_REFUSALS.expired,
  'voucher.redeem.inactive': REDEEM_REFUSALS.inactive,
  'voucher.redeem.upcoming': REDEEM_REFUSALS.upcoming,
  'voucher.redeem.valid-from': validFromMessage('{date}'),
  'voucher.redeem.outside-hours': outsideHoursMessage('{start}', '{end}'),
  'voucher.redeem.member-limit.once': memberLimitMessage(1, 'ever'),
  'voucher.redeem.member-limit.day': slot((n) => memberLimitMessage(n, 'day'), 'limit'),
  'voucher.redeem.member-limit.week': slot((n) => memberLimitMessage(n, 'week'), 'limit'),
  'voucher.redeem.member-limit.month': slot((n) => memberLimitMessage(n, 'month'), 'limit'),
  'voucher.redeem.member-limit.ever': slot((n) => memberLimitMessage(n, 'ever'), 'limit'),
  'voucher.redeem.member-daily-cap': REDEEM_REFUSALS.member_daily_cap,
  'voucher.redeem.member-daily-cap.one': memberDailyCapMessage(1),
  'voucher.redeem.member-daily-cap.count': slot(memberDailyCapMessage, 'limit'),
  'voucher.staff-only': STAFF_ONLY_MESSAGE,
  // The till.
  'till.code.required': TILL_CODE_MESSAGE,
  'till.code.not-ours': NOT_OUR_VOUCHER_MESSAGE,
  'till.code.several-matches': SEVERAL_MATCHES_MESSAGE,
  'till.not-valid-here': notValidAtMessage('{partner}'),
  'till.redemption.already-cancelled': ALREADY_CANCELLED_MESSAGE,
  'till.redemption.undo-closed': slot(undoWindowClosedMessage, 'minutes'),
  'till.no-company': 'Your account is not linked to a company',
  'till.scan-time.future': 'Scan time must not be in the future',
  'till.scan-time.too-old': 'Scan time must be within the last {days} days',
  // Making a voucher (the generator, bulk, trainer and exclusive forms).
  'voucher.partner-name.required': PARTNER_NAME_MESSAGE,
  'voucher.discount-type.invalid': 'Discount type must be percentage, fixed, bogo or free-service',
  'voucher.partner-type.invalid': 'Partner type must be partner, facility, shop, clinic or gym',
  'voucher.discount.required': 'Discount value must be greater than 0',
  'voucher.discount.whole': WHOLE_NUMBERS_MESSAGE,
  'voucher.discount.negative': 'Discount value must not be negative',
  'voucher.discount.percent-max': 'A percentage discount must be at most 100',
  'voucher.discount.fixed-max': 'A fixed discount must be at most $100000',
  'voucher.service.required': 'Service/product is required',
  'voucher.expiry.required': 'Expiration date is required',
  'voucher.expiry.format': 'Expiration date must be a date (YYYY-MM-DD)',
  'voucher.expiry.not-a-date': 'Expiration date must be a real calendar date',
  'voucher.expiry.past': PAST_EXPIRY_MESSAGE,
  'voucher.start.format': 'Start date must be a date (YYYY-MM-DD)',
  'voucher.start.not-a-date': 'Start date must be a real calendar date',
  'voucher.start.after-expiry': START_AFTER_EXPIRY_MESSAGE,
  'voucher.usage-limit.required': USAGE_LIMIT_REQUIRED_MESSAGE,
  'voucher.qr-code.not-found': 'QR code not found',
  'voucher.batch.not-found': 'Batch not found',
  'voucher.batch.card-language.invalid': CARD_LANGUAGE_MESSAGE,
  // Members.
  'member.not-found': 'Member not found',
  'member.keeps-a-contact': 'A member keeps an e-mail or a phone',
  'member.contact.required': 'An e-mail or a phone is required',
  'member.email.taken': 'A member with that e-mail already exists',
  'member.phone.taken': 'A member with that phone already exists',
  'member.contact.taken': 'A member with that e-mail or phone already exists',
  'member.merge.itself': 'A member cannot be merged into itself',
  'member.email.invalid': 'Not a valid e-mail address',
  'member.sign-in.email.required': 'Enter your e-mail address',
  'member.sign-in.phone.required': 'Enter your phone number',
  'member.sign-in.code.required': 'Enter the 6-digit code',
  'member.sign-in.link.incomplete': 'The sign-in link is incomplete',
  'member.per-member-limit.whole': 'Per-member limit must be a whole number',
  'member.per-member-period.invalid': 'Per-member period must be one of day, week, month, ever',
  'member.tag.invalid': MEMBER_TAG_MESSAGE,
  'language.invalid': LANGUAGE_MESSAGE,
  'member.send.not-found': 'Send not found',
  'member.sms.off': 'SMS is not configured',
  'member.unsubscribe.not-found': 'Unsubscribe link not found',
  'member.birth-date.format': BIRTH_DATE_MESSAGE,
  'member.birth-date.range': BIRTH_DATE_RANGE_MESSAGE,
  // The member pass at the till (issue 43): `member-pass.<refusal>` (PASS_REFUSALS) and the second factor.
  'member-pass.not_a_pass': PASS_REFUSAL_MESSAGES.not_a_pass,
  'member-pass.not_genuine': PASS_REFUSAL_MESSAGES.not_genuine,
  'member-pass.stale': PASS_REFUSAL_MESSAGES.stale,
  'member-pass.revoked': PASS_REFUSAL_MESSAGES.revoked,
  'member-pass.second_factor': PASS_REFUSAL_MESSAGES.second_factor,
  'member-pass.second-factor-wrong': SECOND_FACTOR_WRONG_MESSAGE,
  'member-pass.second-factor-format': SECOND_FACTOR_FORMAT_MESSAGE,
  'member-pass.code.required': PASS_CODE_MESSAGE,
  // A member's photo (decision 372): the upload's refusals, worded as a partner photo's.
  'upload.photo.required': 'Please choose a photo to upload',
  'upload.photo.too-large': 'Please select a file smaller than 10MB',
  'upload.photo.not-an-image': 'Please select an image file (PNG, JPG, JPEG).',
  'member.photo.not-found': 'Photo not found',
  // Credits (decision 360): the till's and the forms' refusals.
  'credit.expired': CREDIT_REFUSALS.expired,
  'credit.inactive': CREDIT_REFUSALS.inactive,
  'credit.insufficient': CREDIT_REFUSALS.insufficient,
  'credit.insufficient.amounts': insufficientBalanceMessage(
    CREDIT_REFUSALS.insufficient,
    '{available}',
    '{requested}',
  ),
  'credit.transaction.already-voided': CREDIT_REFUSALS.alreadyVoided,
  'credit.partner-required': CREDIT_ACCESS_MESSAGES.partnerRequired,
  'credit.changed': CREDIT_ACCESS_MESSAGES.changed,
  'credit.not-found': 'Credit not found',
  'credit.transaction.not-found': 'Transaction not found',
  'credit.athlete-name.required': CREDIT_MESSAGES.athleteNameRequired,
  'credit.description.required': CREDIT_MESSAGES.descriptionRequired,
  'credit.amount.required': CREDIT_MESSAGES.amountRequired,
  'credit.amount.positive': CREDIT_MESSAGES.amountPositive,
  'credit.amount.whole-cents': CREDIT_MESSAGES.amountWholeCents,
  'credit.amount.too-large': CREDIT_MESSAGES.amountTooLarge,
  'credit.total.required': CREDIT_MESSAGES.totalRequired,
  'credit.total.positive': CREDIT_MESSAGES.totalPositive,
  'credit.duration.required': CREDIT_MESSAGES.durationRequired,
  'credit.duration.range': CREDIT_MESSAGES.durationRange,
  'credit.start.required': CREDIT_MESSAGES.startRequired,
  'credit.end.required': CREDIT_MESSAGES.endRequired,
  'credit.start.before-end': CREDIT_MESSAGES.startBeforeEnd,
  'credit.void-reason.required': CREDIT_MESSAGES.reasonRequired,
  'credit.athlete.not-found': CREDIT_MESSAGES.athleteNotFound,
  'credit.member.not-found': CREDIT_MESSAGES.memberNotFound,
  // Inventory (merchandise: `merch.*`, as `inventory.*` names its events and subjects).
  'merch.sku.taken': INVENTORY_REFUSALS.skuTaken,
  'merch.item.has-stock': INVENTORY_REFUSALS.itemHasStock,
  'merch.allocations.own-only': INVENTORY_REFUSALS.ownAllocationsOnly,
  'merch.line.exists': INVENTORY_REFUSALS.lineExists,
  'merch.size.once': INVENTORY_REFUSALS.sizeOnce,
  'merch.line.other-item': INVENTORY_REFUSALS.lineOfAnotherItem,
  'merch.stock.not-enough': INVENTORY_REFUSALS.notEnoughStock('{available}', '{requested}'),
  'merch.size.not-of-item': INVENTORY_REFUSALS.sizeNotOfItem('{sizes}'),
  'merch.color.not-of-item': INVENTORY_REFUSALS.colorNotOfItem('{colors}'),
  'merch.used.over-allocated': USED_OVER_ALLOCATED,
  'merch.item.not-found': 'Item not found',
  'merch.line.not-found': 'Inventory not found',
  'merch.allocation.not-found': 'Allocation not found',
  // Partners.
  'partner.email.taken': PARTNER_REFUSALS.emailTaken,
  'partner.gallery.full': PARTNER_REFUSALS.galleryFull('{max}'),
  'partner.not-found': 'Partner not found',
  // Exclusives.
  'exclusive.vendor.not-found': VENDOR_NOT_FOUND_MESSAGE,
  // Statements.
  'statement.own-only': STATEMENT_ACCESS_MESSAGES.ownOnly,
  'statement.partner.required': STATEMENT_ACCESS_MESSAGES.partnerRequired,
  'statement.period.not-over': STATEMENT_REFUSALS.periodNotOver('{period}'),
  'statement.not-issued': STATEMENT_REFUSALS.notIssued('{status}' as StatementStatus),
  'statement.not-disputed': STATEMENT_REFUSALS.notDisputed('{status}' as StatementStatus),
  'statement.not-payable': STATEMENT_REFUSALS.notPayable('{status}' as StatementStatus),
  'statement.line.foreign': STATEMENT_REFUSALS.foreignLine,
  'statement.superseded': STATEMENT_REFUSALS.superseded,
  'statement.not-found': 'Statement not found',
  // A members import's refused rows (the report's reasons, not errors).
  'members.import.cells': IMPORT_REFUSALS.cells('{cells}', '{columns}'),
  'members.import.email': IMPORT_REFUSALS.email('{value}'),
  'members.import.phone': IMPORT_REFUSALS.phone('{value}'),
  'members.import.no-contact': IMPORT_REFUSALS.noContact,
  'members.import.language': IMPORT_REFUSALS.language('{value}'),
  'members.import.tag': IMPORT_REFUSALS.tag('{value}'),
  'members.import.too-many-tags': IMPORT_REFUSALS.tooManyTags('{max}'),
  'members.import.yes-or-no': IMPORT_REFUSALS.yesOrNo('{column}', '{value}'),
  'members.import.repeats': IMPORT_REFUSALS.repeats('{row}'),
  'members.import.two-members': IMPORT_REFUSALS.twoMembers,
  'members.import.same-member': IMPORT_REFUSALS.sameMember('{row}'),
  // Requests in general.
  'request.idempotency-key': IDEMPOTENCY_KEY_MESSAGE,
  'request.unsafe-text': UNSAFE_TEXT_MESSAGE,
  'request.not-object': 'The request must be a JSON object',
  'request.not-json': 'The request body is not valid JSON.',
  'request.empty-body': 'The request body is empty; send JSON.',
  'request.too-large': 'The request is too large.',
  'request.unknown-field': 'Unknown field: {fields}',
  'request.unknown-fields': 'Unknown fields: {fields}',
  'auth.sign-in': 'Please sign in to continue.',
  'auth.session-ended': 'Your session has ended. Please sign in again.',
  'access.denied': 'You do not have access to this',
  'not-found': 'Not found',
  'server.error': 'Something went wrong on our side. Please try again.',
  'server.unavailable': 'AV Pass is temporarily unavailable. Please try again in a moment.',
  // Any field (validation.ts's readable zod issues), the field's English label in `field`.
  'field.required': '{field} is required',
  'field.at-least-one': '{field} must have at least one item',
  'field.min-length': '{field} must be at least {min} characters',
  'field.max-length': '{field} must be at most {max} characters',
  'field.min-items': '{field} must be at least {min} items',
  'field.max-items': '{field} must be at most {max} items',
  'field.min': '{field} must be at least {min}',
  'field.max': '{field} must be at most {max}',
  'field.more-than': '{field} must be more than {min}',
  'field.less-than': '{field} must be less than {max}',
  'field.email': '{field} must be a valid e-mail address',
  'field.url': '{field} must be a valid URL (https://...)',
  'field.id': '{field} is not a valid id',
  'field.date': '{field} must be a date (YYYY-MM-DD)',
  'field.date-time': '{field} must be a date and time (ISO 8601)',
  'field.format': '{field} is not in the right format',
  'field.not-valid-sent': '{field} is not valid: {sent} was sent',
  'field.entry-invalid': '{field} holds an entry that is not valid',
  'field.not-valid': '{field} is not valid',
  'field.wrong-value': '{field} must be {expected}, not {sent}',
  'field.not-found': '{what} not found',
  'field.formula': IMPORT_REFUSALS.formula('{field}'),
} as const;
export type MessageCode = keyof typeof MESSAGE_CODES;

/** The code of an error whose message is in no entry, by HTTP status. */
export const STATUS_CODES: Record<number, string> = {
  400: 'request.invalid',
  401: 'auth.sign-in',
  403: 'access.denied',
  404: 'not-found',
  409: 'conflict',
  413: 'request.too-large',
  415: 'request.unsupported-type',
  429: 'rate-limited',
  500: 'server.error',
  503: 'server.unavailable',
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each entry as a pattern: `{name}` catches a value (a name used twice must match the same value). */
const PATTERNS = Object.entries(MESSAGE_CODES).map(([code, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{[a-z]+\})/i)
    .map((part) => {
      const name = /^\{([a-z]+)\}$/i.exec(part)?.[1];
      if (!name) return escape(part);
      if (names.includes(name)) return `\\k<${name}>`;
      names.push(name);
      return `(?<${name}>.+?)`;
    })
    .join('');
  return { code, exact: names.length ? null : template, pattern: new RegExp(`^${source}$`, 's') };
});
const EXACT = new Map(PATTERNS.filter((p) => p.exact !== null).map((p) => [p.exact!, p.code]));

/** The code of an English message and the values in it; null when no entry says it. */
export function messageCode(message: string): { code: string; params?: Record<string, string> } | null {
  const exact = EXACT.get(message);
  if (exact) return { code: exact };
  for (const { code, exact: plain, pattern } of PATTERNS) {
    if (plain !== null) continue;
    const match = pattern.exec(message);
    if (match) return { code, params: { ...match.groups } };
  }
  return null;
}
