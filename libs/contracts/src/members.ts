import { z } from 'zod';
import { uuidParam } from './common';
import { LANGUAGES, type Language } from './i18n/languages';
import { memberExportPhotoSchema } from './member-photos';
import { safeText } from './text';
import { pageLimit } from './validation';
import { idempotencyKeyField } from './vouchers';

/**
 * The club's members (issue 41, decision 310): who holds a voucher. A member has a first and a last
 * name (a partner's till shows the first name and the last initial only), an e-mail (lower-cased) and/or
 * a phone (E.164, parsed by the members service with libphonenumber-js), a language, tags and a consent
 * per channel with when and how it was given. The phone is a plain string here: the service parses it
 * (its metadata stays out of every screen's bundle).
 */
export const MEMBER_LANGUAGES = LANGUAGES;
export type MemberLanguage = Language;

/** How a consent was given or withdrawn. */
export const CONSENT_SOURCES = ['form', 'import', 'link', 'sms-stop'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_CHANNELS = ['email', 'sms'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** A tag: a lower-case word (letters, digits, dashes), at most 30 characters; at most 20 per member. */
export const MEMBER_TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;
export const MEMBER_TAGS_MAX = 20;
export const MEMBER_TAG_MESSAGE =
  'A tag is one word of letters, digits or dashes (at most 30 characters), e.g. athlete, coach, family';

/** A cell that a spreadsheet would run as a formula (CSV injection): refused in every text field. */
export const FORMULA_START = /^[=+\-@\t\r]/;
export const FORMULA_MESSAGE = 'must not start with =, +, -, @ or a tab (a spreadsheet formula)';

const name = (label: string, max: number) =>
  safeText()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !FORMULA_START.test(v), `${label} ${FORMULA_MESSAGE}`);

export const memberFirstNameField = name('First name', 100).pipe(z.string().min(1, 'First name is required'));
export const memberLastNameField = name('Last name', 100);
/** Lower-cased; '' or null: none. */
export const memberEmailField = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'E-mail must be at most 254 characters')
      .pipe(z.email('Not a valid e-mail address')),
  ])
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));
/** As typed ('+34 612 345 678', '(202) 555-0143'); '' or null: none. The service stores it as E.164. */
export const memberPhoneField = z
  .union([z.literal(''), safeText().trim().max(40, 'Phone must be at most 40 characters')])
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));
export const memberLanguageField = z.enum(MEMBER_LANGUAGES, 'language must be en or es');
/**
 * The member's date of birth (issue 43: the second factor of an Apple Wallet pass's static code),
 * 'YYYY-MM-DD', a real calendar day between 1900 and today; '' or null: none.
 */
export const BIRTH_DATE_MESSAGE = 'Date of birth must be a date (YYYY-MM-DD)';
export const BIRTH_DATE_RANGE_MESSAGE = 'Date of birth must be a real day between 1900 and today';
export const memberBirthDateField = z
  .union([
    z.literal(''),
    z
      .string(BIRTH_DATE_MESSAGE)
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, BIRTH_DATE_MESSAGE)
      .refine((v) => {
        const day = new Date(`${v}T00:00:00Z`);
        return (
          !Number.isNaN(day.getTime()) &&
          day.toISOString().slice(0, 10) === v &&
          v >= '1900-01-01' &&
          day.getTime() <= Date.now()
        );
      }, BIRTH_DATE_RANGE_MESSAGE),
  ])
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));
/** Trimmed, lower-cased, de-duplicated and sorted. */
export const memberTagsField = z
  .array(z.string().trim().toLowerCase().regex(MEMBER_TAG_PATTERN, MEMBER_TAG_MESSAGE))
  .max(MEMBER_TAGS_MAX, `At most ${MEMBER_TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)].sort());

/** A consent as sent: given or not, and how (default: the administrator's form). */
export const consentInputSchema = z.object({
  given: z.boolean('given must be true or false'),
  source: z.enum(CONSENT_SOURCES, `source must be one of ${CONSENT_SOURCES.join(', ')}`).default('form'),
});
export const consentsInputSchema = z.object({
  email: consentInputSchema.optional(),
  sms: consentInputSchema.optional(),
});

/** POST /api/members. At least one of e-mail and phone. */
export const createMemberRequestSchema = z
  .object({
    firstName: memberFirstNameField,
    lastName: memberLastNameField.default(''),
    email: memberEmailField,
    phone: memberPhoneField,
    language: memberLanguageField.default('en'),
    birthDate: memberBirthDateField,
    tags: memberTagsField.default([]),
    consent: consentsInputSchema.default({}),
    idempotencyKey: idempotencyKeyField,
  })
  .refine((m) => Boolean(m.email || m.phone), {
    message: 'An e-mail or a phone is required',
    path: ['email'],
  });
export type CreateMemberRequest = z.input<typeof createMemberRequestSchema>;

/** PATCH /api/members/{id}: only the fields sent change; the member keeps an e-mail or a phone. */
export const updateMemberRequestSchema = z.object({
  firstName: memberFirstNameField.optional(),
  lastName: memberLastNameField.optional(),
  email: memberEmailField,
  phone: memberPhoneField,
  language: memberLanguageField.optional(),
  birthDate: memberBirthDateField,
  tags: memberTagsField.optional(),
  consent: consentsInputSchema.optional(),
});
export type UpdateMemberRequest = z.input<typeof updateMemberRequestSchema>;

export const consentSchema = z.object({
  given: z.boolean(),
  /** When it was last given or withdrawn (null: never asked). */
  at: z.string().datetime().nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const memberSchema = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** E.164: '+12025550143'. */
  phone: z.string().nullable(),
  language: z.enum(MEMBER_LANGUAGES),
  /** 'YYYY-MM-DD' or null (issue 43: an Apple Wallet pass's second factor). */
  birthDate: z.string().nullable(),
  tags: z.array(z.string()),
  consent: z.object({ email: consentSchema, sms: consentSchema }),
  /** The member pass's version (issue 43): revoking the pass moves it on; older codes are refused. */
  passVersion: z.number().int().positive(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Member = z.infer<typeof memberSchema>;

export const MEMBER_SORTS = ['createdAt', 'name'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
/** `email`/`sms`: that consent given; `none`: neither given. */
export const MEMBER_CONSENT_FILTERS = ['email', 'sms', 'none'] as const;
export type MemberConsentFilter = (typeof MEMBER_CONSENT_FILTERS)[number];

/**
 * GET /api/members: newest first, or by name (last name, first name; `order` asc by default). `search`
 * is a prefix of the first name, last name, full name or e-mail, or digits of the phone (as typed or
 * national); `tag` one tag; `consent` email, sms or none. Paged by `cursor` (the previous `nextCursor`).
 */
export const memberListQuerySchema = z.object({
  search: safeText().trim().max(100, 'search must be at most 100 characters').optional(),
  tag: z
    .union([
      z.literal('').transform(() => undefined),
      z.string().trim().toLowerCase().regex(MEMBER_TAG_PATTERN, MEMBER_TAG_MESSAGE),
    ])
    .optional(),
  consent: z
    .enum(MEMBER_CONSENT_FILTERS, `consent must be one of ${MEMBER_CONSENT_FILTERS.join(', ')}`)
    .optional(),
  sort: z.enum(MEMBER_SORTS, `sort must be one of ${MEMBER_SORTS.join(', ')}`).optional(),
  order: z.enum(['asc', 'desc'], 'order must be asc or desc').optional(),
  cursor: z.string().max(400, 'cursor must be at most 400 characters').optional(),
  limit: pageLimit(200).default(50),
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

export const memberPageSchema = z.object({
  items: z.array(memberSchema),
  nextCursor: z.string().nullable(),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

/** POST /api/members/{id}/merge: `from` is merged into the path's member and is gone afterwards. */
export const mergeMembersRequestSchema = z.object({ id: uuidParam, from: uuidParam });

/** Where the gateway stores an uploaded members CSV for the members service (under the shared DATA_DIR). */
export const MEMBER_IMPORTS_DIR = 'member-imports';
/** The gateway's stored upload of a CSV (DATA_DIR/member-imports/<fileId>.csv), read once. */
export const importMembersRequestSchema = z.object({ fileId: uuidParam });
/**
 * Why an import refused a row, in English (the report's `reason`); each also has a code in
 * MESSAGE_CODES (`members.import.*`), which the report carries beside it for the screens' languages.
 */
export const IMPORT_REFUSALS = {
  cells: (cells: number | string, columns: number | string) =>
    `has ${cells} cells where the header has ${columns}`,
  formula: (column: string) => `${column} ${FORMULA_MESSAGE}`,
  email: (value: string) => `email "${value}" is not a valid e-mail address`,
  phone: (value: string) => `phone "${value}" is not a valid phone number`,
  noContact: 'has neither an e-mail nor a phone',
  language: (value: string) => `language "${value}" is not en or es`,
  tag: (value: string) => `tag "${value}" is not one word of letters, digits or dashes`,
  tooManyTags: (max: number | string) => `has more than ${max} tags`,
  yesOrNo: (column: string, value: string) => `${column} "${value}" is not yes or no`,
  repeats: (row: number | string) => `repeats the e-mail or phone of row ${row}`,
  twoMembers: 'its e-mail belongs to one member and its phone to another: merge them first',
  sameMember: (row: number | string) => `names the same member as row ${row}`,
} as const;

export const importRefusalSchema = z.object({
  /** The spreadsheet's row number: 1 is the header, 2 the first member. */
  row: z.number().int().positive(),
  reason: z.string(),
  /** The reason's code (MESSAGE_CODES) and the values in it, for the screens' languages (issue 42). */
  code: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export const importMembersResponseSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** Rows that matched a member and changed nothing. */
  unchanged: z.number().int().nonnegative(),
  refused: z.array(importRefusalSchema),
});
export type ImportMembersResponse = z.infer<typeof importMembersResponseSchema>;

export const consentHistoryEntrySchema = z.object({
  channel: z.enum(CONSENT_CHANNELS),
  given: z.boolean(),
  source: z.enum(CONSENT_SOURCES),
  at: z.string().datetime(),
});

/** GET /api/members/{id}/export: everything held about the member (a subject access request). */
export const memberExportSchema = z.object({
  exportedAt: z.string().datetime(),
  member: memberSchema,
  consentHistory: z.array(consentHistoryEntrySchema),
  /** The audit trail's entries about the member (personal values appear as "(personal data)"). */
  auditHistory: z.array(z.record(z.string(), z.unknown())),
  /** The member's photo (decision 372), null when none; absent from a service older than it. */
  photo: memberExportPhotoSchema.nullable().optional(),
});
export type MemberExport = z.infer<typeof memberExportSchema>;

/** What a partner's till may show of a holder: the first name and the last name's initial ("Ana G."). */
export function tillHolderName(firstName: string, lastName: string): string {
  const initial = [...lastName.trim()][0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}
