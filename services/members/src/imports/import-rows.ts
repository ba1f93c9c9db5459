import {
  FORMULA_START,
  IMPORT_REFUSALS,
  MEMBER_LANGUAGES,
  MEMBER_TAG_PATTERN,
  MEMBER_TAGS_MAX,
  memberBirthDateField,
  memberEmailField,
  memberFirstNameField,
  memberLastNameField,
  type ConsentChannel,
  type MemberLanguage,
} from '@avpass/contracts';
import type { CountryCode } from 'libphonenumber-js/min';
import { phoneToE164 } from '../members';
import type { CsvMemberRow, ImportColumn } from './members-csv';

/** A row that passed its checks: what it says of its member (undefined: the file does not say). */
export interface CheckedRow {
  row: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  language: MemberLanguage | undefined;
  birthDate: string | undefined;
  tags: string[];
  consent: Partial<Record<ConsentChannel, boolean>>;
}

const YES = new Set(['yes', 'y', 'true', '1', 'si', 'sí', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);
const LABELS: Record<ImportColumn, string> = {
  name: 'name',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  language: 'language',
  tags: 'tags',
  birthDate: 'birth_date',
  emailConsent: 'email_consent',
  smsConsent: 'sms_consent',
};

/**
 * Checks one row: its reason for refusal, or what it says. A cell that a spreadsheet would run as a
 * formula (=, +, -, @ first) is refused, never stored with a quote in front (decision 310); a phone
 * may start with + and is checked as a phone.
 */
export function checkRow(
  input: CsvMemberRow,
  columnCount: number,
  region: CountryCode,
): CheckedRow | { reason: string } {
  if (input.cellCount !== columnCount) {
    return { reason: IMPORT_REFUSALS.cells(input.cellCount, columnCount) };
  }
  const cells = input.cells;
  for (const [column, value] of Object.entries(cells) as [ImportColumn, string][]) {
    if (column !== 'phone' && FORMULA_START.test(value.trimStart())) {
      return { reason: IMPORT_REFUSALS.formula(LABELS[column]) };
    }
  }
  let first = cells.firstName ?? '';
  let last = cells.lastName ?? '';
  if (cells.name !== undefined && !first.trim()) {
    // "Ana García López": the first word is the first name, the rest the last name.
    const [given = '', ...rest] = cells.name.trim().split(/\s+/);
    first = given;
    last = last.trim() ? last : rest.join(' ');
  }
  const firstName = memberFirstNameField.safeParse(first);
  if (!firstName.success) return { reason: firstName.error.issues[0]?.message ?? 'First name is invalid' };
  const lastName = memberLastNameField.safeParse(last);
  if (!lastName.success) return { reason: lastName.error.issues[0]?.message ?? 'Last name is invalid' };
  const email = memberEmailField.safeParse(cells.email ?? '');
  if (!email.success) return { reason: IMPORT_REFUSALS.email((cells.email ?? '').slice(0, 80)) };
  let phone: string | null = null;
  if (cells.phone?.trim()) {
    phone = phoneToE164(cells.phone.trim(), region);
    if (!phone) return { reason: IMPORT_REFUSALS.phone(cells.phone.slice(0, 40)) };
  }
  if (!email.data && !phone) return { reason: IMPORT_REFUSALS.noContact };
  const language = cells.language?.trim().toLowerCase() || undefined;
  if (language !== undefined && !(MEMBER_LANGUAGES as readonly string[]).includes(language)) {
    return { reason: IMPORT_REFUSALS.language(language.slice(0, 20)) };
  }
  // The API's rule and words (BIRTH_DATE_MESSAGE, BIRTH_DATE_RANGE_MESSAGE); an empty cell says nothing.
  const birthDate = memberBirthDateField.safeParse(cells.birthDate ?? '');
  if (!birthDate.success) return { reason: birthDate.error.issues[0]?.message ?? 'Date of birth is invalid' };
  const tags = [
    ...new Set(
      (cells.tags ?? '')
        .split(/[,;|]/)
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].sort();
  const badTag = tags.find((t) => !MEMBER_TAG_PATTERN.test(t));
  if (badTag !== undefined) return { reason: IMPORT_REFUSALS.tag(badTag.slice(0, 40)) };
  if (tags.length > MEMBER_TAGS_MAX) return { reason: IMPORT_REFUSALS.tooManyTags(MEMBER_TAGS_MAX) };
  const consent: Partial<Record<ConsentChannel, boolean>> = {};
  for (const [column, channel] of [
    ['emailConsent', 'email'],
    ['smsConsent', 'sms'],
  ] as const) {
    const value = cells[column]?.trim().toLowerCase();
    if (!value) continue;
    if (YES.has(value)) consent[channel] = true;
    else if (NO.has(value)) consent[channel] = false;
    else return { reason: IMPORT_REFUSALS.yesOrNo(LABELS[column], value.slice(0, 20)) };
  }
  return {
    row: input.row,
    firstName: firstName.data,
    lastName: lastName.data,
    email: email.data ?? null,
    phone,
    language: language as MemberLanguage | undefined,
    birthDate: birthDate.data ?? undefined,
    tags,
    consent,
  };
}
