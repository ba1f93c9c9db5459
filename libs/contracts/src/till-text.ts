/**
 * The till's words and short codes that the member's voucher page prints too: a module of its own (no
 * zod) so that page can import it without the library's schemas (see redeem-refusals.ts).
 */

/** The public page's refusal of a staff-only code (403), and the text the page shows instead of Redeem. */
export const STAFF_ONLY_MESSAGE = 'Show this code at the till';
/** The heading over the short code (and QR) on a self-service voucher's page. */
export const TILL_CODE_HEADING = 'Code for the till';
/** The line under the short code on the voucher page. */
export const TILL_CODE_HELP = 'Staff scan the QR or type these 8 characters at the till.';
/** The characters printed on cards and shown on the voucher page: the id's first 8 (hex). */
export const SHORT_CODE_LENGTH = 8;
/** What staff type at the till for a code: its id's first 8 characters, upper case. */
export const voucherShortCode = (id: string): string => id.slice(0, SHORT_CODE_LENGTH).toUpperCase();
