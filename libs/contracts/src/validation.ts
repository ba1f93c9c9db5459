import { z } from 'zod';
import type { FieldErrors } from './errors';

/** Flattens zod issues into `{ "field.path": [messages] }`, the shape of every 400 body. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The first message, for a one-line summary: "Partner name is required". */
export function firstErrorMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/**
 * What a client sent, quoted for a message: `"abc"`, `12`, `true`, `null`, `a list`, `an object`,
 * `nothing`. Long text is cut (a message never echoes a whole body).
 */
export function describeSent(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const cut = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(cut);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value)) return 'a list';
  return 'an object';
}

/** "Usage limit must be a number, not "lots"". */
export const notANumberMessage = (label: string, sent: unknown, kind = 'a number') =>
  `${label} must be ${kind}, not ${describeSent(sent)}`;

/** Decimal digits with an optional sign, fraction and exponent: what a form's number field holds. */
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export interface NumberInputOptions {
  /** What an empty text means (a form's blank field). Without it, blank is missing: `required`. */
  blank?: number;
  /** The message for a missing (or blank) value; default "<label> is required". */
  required?: string;
  /** What the value must be, for the refusal: "Price must be <kind>, not "abc"". Default "a number". */
  kind?: string;
}

/** The schemas numberInput made (the contract sweep checks every numeric request field is one). */
export const NUMBER_INPUTS = new WeakSet<z.ZodType>();

/**
 * Every numeric field of every request: a JSON number or a numeric string (`100`, `"100"`, `" 12.5 "`),
 * as the old client, a form and a query string send them; out comes the number. Anything else is
 * refused with a message that names what was sent ("Quantity must be a number, not "lots""); a field
 * that is missing is "<label> is required" (wrap it in `.optional()` or `.default()` when it is not).
 * Range and whole-number rules follow with `.pipe(z.number().int(…).min(…))`.
 */
export function numberInput(label: string, options: NumberInputOptions = {}) {
  const required = options.required ?? `${label} is required`;
  const schema = z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined ? required : notANumberMessage(label, issue.input, options.kind),
    })
    .transform((value, ctx): number => {
      if (typeof value === 'number') return value;
      const text = value.trim();
      if (text === '') {
        if (options.blank !== undefined) return options.blank;
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const n = Number(text);
      if (!NUMERIC_TEXT.test(text) || !Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: notANumberMessage(label, value, options.kind) });
        return z.NEVER;
      }
      return n;
    });
  NUMBER_INPUTS.add(schema);
  return schema;
}

/**
 * A list's `?limit`: a whole number from 1 to `most` (numberInput, so `"50"` is read as 50), refused with
 * "limit must be a whole number", "limit must be at least 1" or "limit must be at most <most>". Its
 * default (`.default(50)`) or `.optional()` is the list's own.
 */
export function pageLimit(most: number) {
  return numberInput('limit').pipe(
    z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(most, `limit must be at most ${most}`),
  );
}

/**
 * A number, or one word that stands for a value (`'unlimited'`, any case): the word lower-cased, or
 * the number as numberInput reads it. Anything else: "Usage limit must be unlimited or a number, not "lots"".
 */
export function numberOrWord<W extends string>(label: string, word: W, options: NumberInputOptions = {}) {
  const required = options.required ?? `${label} is required`;
  // Blank text without a `blank` value is missing, as numberInput reads it: "<label> is required".
  const missing = (input: unknown) =>
    input === undefined || (options.blank === undefined && typeof input === 'string' && !input.trim());
  return z.union([z.string().trim().toLowerCase().pipe(z.literal(word)), numberInput(label, options)], {
    error: (issue) =>
      missing(issue.input)
        ? required
        : notANumberMessage(label, issue.input, `${word} or ${options.kind ?? 'a number'}`),
  });
}

/** "partnerName" -> "Partner name", "deploymentUrl" -> "Deployment URL": a field's label from its key. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const keys = path.filter((p): p is string => typeof p === 'string' && p !== '_');
  const key = keys[keys.length - 1];
  if (!key) return path.length ? 'Each entry' : 'The request';
  if (/^[A-Z][A-Z0-9_]*$/.test(key)) return key; // an environment variable: PORT, DATABASE_URL
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (w === 'url' ? 'URL' : w === 'sku' ? 'SKU' : w === 'id' && key !== 'id' ? 'id' : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  date: 'a date',
  null: 'null',
  literal: 'a fixed value',
};

const FORMATS: Record<string, string> = {
  email: 'must be a valid e-mail address',
  url: 'must be a valid URL (https://...)',
  uuid: 'is not a valid id',
  guid: 'is not a valid id',
  datetime: 'must be a date and time (ISO 8601)',
  date: 'must be a date (YYYY-MM-DD)',
  time: 'must be a time (HH:MM)',
  base64: 'must be base64 text',
  base64url: 'must be base64url text',
};

const oneOf = (values: readonly unknown[]) => {
  const shown = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return shown.length > 1
    ? `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`
    : (shown[0] ?? '');
};

const sizeUnit = (origin: string | undefined, n: number | bigint) =>
  origin === 'string'
    ? ` character${n === 1 ? '' : 's'}`
    : origin === 'array' || origin === 'set'
      ? ` item${n === 1 ? '' : 's'}`
      : '';

/**
 * zod's own texts ("Invalid input: expected string, received undefined") as sentences a person reads,
 * with the field's label: "Partner name is required", "Quantity must be a number, not "lots"",
 * "Role must be trainer, athlete or coach, not "boss"". A message a schema states itself wins; this
 * speaks for the rest. Installed for every parse with `z.config` (below), so every 400's `message` and
 * `errors` are readable, in the services, the gateway and the frontend's forms alike.
 */
export function readableIssue(issue: z.core.$ZodRawIssue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return `${label} is required`;
      if (!issue.path?.length && issue.expected === 'object') return 'The request must be a JSON object';
      const kind = KIND[issue.expected] ?? issue.expected;
      return `${label} must be ${kind}, not ${describeSent(input)}`;
    }
    case 'too_small': {
      const n = issue.minimum;
      if (issue.origin === 'string' && Number(n) <= 1) return `${label} is required`;
      if (issue.origin === 'array' && Number(n) <= 1) return `${label} must have at least one item`;
      const bound = issue.inclusive === false ? `more than ${n}` : `at least ${n}`;
      return `${label} must be ${bound}${sizeUnit(issue.origin, n)}`;
    }
    case 'too_big': {
      const n = issue.maximum;
      const bound = issue.inclusive === false ? `less than ${n}` : `at most ${n}`;
      return `${label} must be ${bound}${sizeUnit(issue.origin, n)}`;
    }
    case 'invalid_format':
      return `${label} ${FORMATS[issue.format] ?? 'is not in the right format'}`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      if (input === undefined) return `${label} is required`;
      return `${label} must be ${oneOf(issue.values)}, not ${describeSent(input)}`;
    case 'invalid_union':
      if (input === undefined) return `${label} is required`;
      return `${label} is not valid: ${describeSent(input)} was sent`;
    case 'invalid_key':
    case 'invalid_element':
      return `${label} holds an entry that is not valid`;
    case 'custom':
      return `${label} is not valid`;
    default:
      return undefined;
  }
}

z.config({ customError: readableIssue });

/**
 * A sale rung up at the till, in cents (a JSON number or a numeric string, 0 to $1,000,000), optional:
 * the till check and redeem, the public redeem, and the member pass's scan all take it so.
 */
export const saleAmountField = numberInput('Sale amount', { kind: 'a number of cents' })
  .pipe(
    z
      .number()
      .int('Sale amount must be whole cents')
      .min(0, 'Sale amount must not be negative')
      .max(100_000_000, 'Sale amount must be at most $1,000,000'),
  )
  .optional();
