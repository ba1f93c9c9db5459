import {
  formatCentsIn,
  formatDateTimeIn,
  INTL_LOCALES,
  isDateOnly,
  isIsoInstant,
  type LanguageCode,
} from '@avpass/domain';
import type { AuditEntry } from './audit';
import {
  AUDIT_ACTION_AREAS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  isAuditAction,
  type AuditAction,
  type AuditActionArea,
} from './audit-actions';
import english from './i18n/audit-words.en.json';
import type { Words } from './i18n/voucher-words';
import { voucherTitleSource } from './voucher-text';

/**
 * The audit trail in plain words (issue 44): one phrase per action, grouped by area, and the sentence
 * the screen and the CSV both show ("Sam Rivera redeemed Spring Tune-up at Riverside Bike Shop
 * ($45.00 sale, $9.00 off)"). Pure: names come in on the entry (`targetName`, `companyName`).
 *
 * In the reader's language (issue 42): every word comes from the audit-words catalogs
 * (i18n/audit-words.{en,es}.json), through the `words` a caller hands in (the screens' `useWords()`);
 * without them, English. The sentence's shape (whether a target is named, "a code" or none) is decided
 * on AUDIT_ACTIONS' English phrases, the same in every language; the English catalog repeats them word
 * for word (audit-sentence-language.spec.ts).
 */

/** The audit trail's message ids: the English catalog's keys. */
export type AuditMessageId = keyof typeof english;
/** A translator of the audit words and its language ('en', 'es'; anything else formats as English). */
export type AuditWords = Words<AuditMessageId>;

/**
 * English without a Lingui instance (the gateway's CSV, the services, the tests): the catalog's text
 * with its `{name}`s filled in. A bundle that compiled the catalog (the frontend's build) holds each
 * message as its parts (text, `[name]`), read here too.
 */
function fill(message: unknown, values: Record<string, string | number> = {}): string | null {
  if (typeof message === 'string')
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  if (Array.isArray(message))
    return message
      .map((part: unknown) => (Array.isArray(part) ? String(values[String(part[0])] ?? '') : String(part)))
      .join('');
  return null;
}

const ENGLISH_MESSAGES: Readonly<Record<string, unknown>> = english;
export const ENGLISH_AUDIT_WORDS: AuditWords = {
  t: (id, values) => fill(ENGLISH_MESSAGES[id], values) ?? id,
  language: 'en',
};

/** Whether the catalogs have `id` (a field's own name; others read as their split-up name). */
const hasMessage = (id: string) => Object.prototype.hasOwnProperty.call(ENGLISH_MESSAGES, id);

const intlLocale = (language: string) => INTL_LOCALES[language as LanguageCode] ?? INTL_LOCALES.en;

/**
 * The actions as a flat list, in area order (the action picker's options). `label` is English; the
 * screen's picker shows each in the reader's language (the `audit` area's `audit.action.<action>`).
 */
export const AUDIT_ACTION_OPTIONS: ReadonlyArray<{
  action: AuditAction;
  area: AuditActionArea;
  label: string;
}> = AUDIT_ACTION_AREAS.flatMap((area) =>
  (Object.entries(AUDIT_ACTIONS) as [AuditAction, (typeof AUDIT_ACTIONS)[AuditAction]][])
    .filter(([, spec]) => spec.area === area)
    .map(([action, spec]) => ({
      action,
      area,
      label: ('label' in spec ? spec.label : undefined) ?? actionLabel(spec.phrase),
    })),
);

/** "redeemed" → "Redeemed"; "added stock of" → "Added stock". A picker's label. */
function actionLabel(phrase: string): string {
  const text = phrase.replace(/ (of|to|for)$/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The English phrase of an action; an unknown one (a newer service) reads as its last words. */
function englishPhrase(action: string): string {
  if (isAuditAction(action)) return AUDIT_ACTIONS[action].phrase;
  return action.split('.').slice(1).join(' ').replace(/-/g, ' ');
}

/** A phrase's link word, dropped when no target follows ("deleted the credit of" → "deleted the credit"). */
const LINK_WORD = / (of|to|for)$/;

/**
 * The phrase of an action in the reader's language; an unknown one (a newer service) reads as its last
 * words, in every language. `alone`: no target follows, so the phrase drops its link word.
 */
export function auditActionPhrase(
  action: string,
  words: AuditWords = ENGLISH_AUDIT_WORDS,
  alone = false,
): string {
  const phrase = englishPhrase(action);
  if (!isAuditAction(action)) return alone ? phrase.replace(LINK_WORD, '') : phrase;
  return alone && LINK_WORD.test(phrase)
    ? words.t(`audit.phraseAlone.${action}` as AuditMessageId)
    : words.t(`audit.phrase.${action}`);
}

/** Fields holding cents. */
const MONEY_FIELD = /(amount|cents|price|balance|discountApplied|cost)$/i;
/** Fields that name the thing, in order of preference (the target's name when none came in). */
const NAME_FIELDS = ['title', 'name', 'athleteName', 'username', 'email'] as const;
/** The row's bookkeeping: never listed as a change a person made. */
const HIDDEN_FIELDS = new Set(['version', 'updatedAt', 'updated_at']);

function splitName(field: string): string {
  const spaced = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A field's name in the reader's language: the catalog's, else its own name split into words. */
function fieldLabel(field: string, words: AuditWords): string {
  const id = `audit.field.${field}`;
  return hasMessage(id) ? words.t(id as AuditMessageId) : splitName(field);
}

const atFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * When an entry happened, as the audit screen shows it (decision 166): in `timeZone` (the business
 * zone the gateway sends), to the second, with the zone's short name so the reader knows whose clock:
 * "Nov 1, 2026, 3:00:00 AM PDT" ("1 nov 2026, 3:00:05 a.m. PDT" in Spanish). Not an instant: returned
 * as it is.
 */
export function formatAuditAt(at: string, timeZone: string, language = 'en'): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const locale = intlLocale(language);
  const key = `${locale}|${timeZone}`;
  let format = atFormats.get(key);
  if (!format)
    atFormats.set(
      key,
      (format = new Intl.DateTimeFormat(locale, {
        timeZone,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
      })),
    );
  return format.format(date);
}

/** One side of a change as a person reads it: money as money, instants in `timeZone`, absent "—". */
export function formatAuditValue(
  field: string,
  value: unknown,
  timeZone: string,
  words: AuditWords = ENGLISH_AUDIT_WORDS,
): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && MONEY_FIELD.test(field) && Number.isSafeInteger(value)) {
    return formatCentsIn(words.language, value);
  }
  if (typeof value === 'boolean') return value ? words.t('audit.value.yes') : words.t('audit.value.no');
  if (typeof value === 'string') {
    if (value === '') return words.t('audit.value.empty');
    if (isIsoInstant(value)) return formatDateTimeIn(words.language, value, timeZone);
    if (isDateOnly(value)) return value;
    return value;
  }
  if (typeof value === 'number') return value.toLocaleString(intlLocale(words.language));
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => formatAuditValue(field, v, timeZone, words)).join(', ')
      : words.t('audit.value.none');
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export interface AuditChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The fields whose before differs from after, in name order, in words (bookkeeping left out). */
export function auditChangeLines(
  changes: AuditEntry['changes'],
  timeZone: string,
  words: AuditWords = ENGLISH_AUDIT_WORDS,
): AuditChangeLine[] {
  if (!changes) return [];
  return Object.keys(changes)
    .filter((field) => !HIDDEN_FIELDS.has(field))
    .filter(
      (field) =>
        JSON.stringify(changes[field]?.before ?? null) !== JSON.stringify(changes[field]?.after ?? null),
    )
    .sort()
    .map((field) => ({
      field,
      label: fieldLabel(field, words),
      before: formatAuditValue(field, changes[field]?.before, timeZone, words),
      after: formatAuditValue(field, changes[field]?.after, timeZone, words),
    }));
}

/** The entry's fields a sentence reads (the names are optional: older clients and rows have none). */
export type DescribableAuditEntry = Pick<
  AuditEntry,
  'action' | 'actorType' | 'actorId' | 'actorName' | 'ip' | 'targetType' | 'targetId' | 'changes'
> & { companyName?: string | null; targetName?: string | null };

export interface AuditSentence {
  actor: string;
  phrase: string;
  /** What the entry is about, in words (null: the phrase says it all, e.g. "signed in"). */
  target: string | null;
  /** " at Riverside Bike Shop" or "". */
  place: string;
  /** " ($45.00 sale, $9.00 off)" or "". */
  details: string;
  /** The whole sentence, as the CSV's Description. */
  text: string;
}

/** Who did it: the user's name (else id), "Someone at {address}" for an anonymous caller, "The system". */
export function describeAuditActor(
  entry: Pick<AuditEntry, 'actorType' | 'actorId' | 'actorName' | 'ip'>,
  words: AuditWords = ENGLISH_AUDIT_WORDS,
): string {
  const { t } = words;
  if (entry.actorType === 'public')
    return entry.ip ? t('audit.actor.someoneAt', { ip: entry.ip }) : t('audit.actor.someone');
  if (entry.actorType === 'system') return t('audit.actor.system');
  return entry.actorName ?? entry.actorId ?? t('audit.actor.unknown');
}

function afterOf(entry: DescribableAuditEntry, field: string): unknown {
  const change = entry.changes?.[field];
  return change ? (change.after ?? change.before) : undefined;
}

function targetWords(entry: DescribableAuditEntry, words: AuditWords): string | null {
  if (entry.targetName) return entry.targetName;
  if (entry.targetType === 'voucher') {
    // A code is titled as everywhere else: its custom title, else its partner's name.
    const clinicName = afterOf(entry, 'clinicName');
    const customTitle = afterOf(entry, 'customTitle');
    if (typeof clinicName === 'string' && clinicName) {
      return voucherTitleSource({
        clinicName,
        customTitle: typeof customTitle === 'string' ? customTitle : null,
      });
    }
  }
  for (const field of NAME_FIELDS) {
    const value = afterOf(entry, field);
    if (typeof value === 'string' && value) return value;
  }
  if (entry.targetType === 'trainer-config' || entry.targetType === 'voucher-settings') return null;
  if (entry.targetType === 'user' && entry.action.startsWith('identity.sign-in.')) return null;
  if (entry.targetType === 'user' && entry.action === 'identity.session.ended') return null;
  if (entry.targetType === 'zip-job') return null;
  const known = Object.prototype.hasOwnProperty.call(AUDIT_TARGET_TYPES, entry.targetType);
  const kind = (
    known ? AUDIT_TARGET_TYPES[entry.targetType as keyof typeof AUDIT_TARGET_TYPES] : entry.targetType
  ).toLowerCase();
  // "deleted the code" already says what; "redeemed" needs "a code" (decided in English, for every language).
  const phrase = englishPhrase(entry.action);
  if (new RegExp(`\\b${kind.split(' ')[0]}\\b`).test(phrase)) return null;
  if (known) return words.t(`audit.kind.${entry.targetType}` as AuditMessageId);
  return words.t(/^[aeiou]/.test(kind) ? 'audit.kind.otherVowel' : 'audit.kind.other', { kind });
}

function detailsOf(entry: DescribableAuditEntry, words: AuditWords): string {
  const money = (field: string) => {
    const value = afterOf(entry, field);
    return typeof value === 'number' && Number.isSafeInteger(value)
      ? formatCentsIn(words.language, value)
      : null;
  };
  const parts: string[] = [];
  if (entry.action === 'vouchers.voucher.redeemed' || entry.action === 'vouchers.voucher.till-redeemed') {
    const sale = money('transactionAmount');
    const off = money('discountApplied');
    if (sale) parts.push(words.t('audit.details.sale', { amount: sale }));
    if (off) parts.push(words.t('audit.details.off', { amount: off }));
  } else if (entry.action.startsWith('credits.transaction.')) {
    const amount = money('amount');
    if (amount) parts.push(amount);
  } else if (entry.action === 'credits.credit.created') {
    const total = money('totalAmount');
    if (total) parts.push(total);
  }
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * The entry as one sentence, in the reader's language (English without `words`): who, did what, to
 * what, where, and the money involved.
 */
export function describeAuditEntry(
  entry: DescribableAuditEntry,
  words: AuditWords = ENGLISH_AUDIT_WORDS,
): AuditSentence {
  const actor = describeAuditActor(entry, words);
  const target = targetWords(entry, words);
  // "deleted the credit of" with no name to follow reads "deleted the credit".
  const phrase = auditActionPhrase(entry.action, words, !target);
  const place =
    entry.companyName && entry.companyName !== target
      ? ` ${words.t('audit.place', { company: entry.companyName })}`
      : '';
  const details = detailsOf(entry, words);
  const text = `${actor} ${phrase}${target ? ` ${target}` : ''}${place}${details}`;
  return { actor, phrase, target, place, details, text };
}
