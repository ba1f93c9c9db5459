import { formatCents, formatDateTime, isDateOnly, isIsoInstant } from '@avpass/domain';
import type { AuditEntry } from './audit';
import {
  AUDIT_ACTION_AREAS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  isAuditAction,
  type AuditAction,
  type AuditActionArea,
} from './audit-actions';
import { voucherTitleSource } from './voucher-text';

/**
 * The audit trail in plain words (issue 44): one phrase per action, grouped by area, and the sentence
 * the screen and the CSV both show ("Sam Rivera redeemed Spring Tune-up at Riverside Bike Shop
 * ($45.00 sale, $9.00 off)"). Pure: names come in on the entry (`targetName`, `companyName`).
 */

/** The actions as a flat list, in area order (the action picker's options). */
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

/** The phrase of an action; an unknown one (a newer service) reads as its last words. */
export function auditActionPhrase(action: string): string {
  if (isAuditAction(action)) return AUDIT_ACTIONS[action].phrase;
  return action.split('.').slice(1).join(' ').replace(/-/g, ' ');
}

/** Fields holding cents. */
const MONEY_FIELD = /(amount|cents|price|balance|discountApplied|cost)$/i;
/** Fields that name the thing, in order of preference (the target's name when none came in). */
const NAME_FIELDS = ['title', 'name', 'athleteName', 'username', 'email'] as const;
/** The row's bookkeeping: never listed as a change a person made. */
const HIDDEN_FIELDS = new Set(['version', 'updatedAt', 'updated_at']);

function words(field: string): string {
  const spaced = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * When an entry happened, as the audit screen shows it (decision 166): in `timeZone` (the business
 * zone the gateway sends), to the second, with the zone's short name so the reader knows whose clock:
 * "Nov 1, 2026, 3:00:00 AM PDT". Not an instant: returned as it is.
 */
export function formatAuditAt(at: string, timeZone: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
}

/** One side of a change as a person reads it: money as money, instants in `timeZone`, absent "—". */
export function formatAuditValue(field: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && MONEY_FIELD.test(field) && Number.isSafeInteger(value)) {
    return formatCents(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (value === '') return '(empty)';
    if (isIsoInstant(value)) return formatDateTime(value, timeZone);
    if (isDateOnly(value)) return value;
    return value;
  }
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value))
    return value.length ? value.map((v) => formatAuditValue(field, v, timeZone)).join(', ') : '(none)';
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
export function auditChangeLines(changes: AuditEntry['changes'], timeZone: string): AuditChangeLine[] {
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
      label: words(field),
      before: formatAuditValue(field, changes[field]?.before, timeZone),
      after: formatAuditValue(field, changes[field]?.after, timeZone),
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
): string {
  if (entry.actorType === 'public') return entry.ip ? `Someone at ${entry.ip}` : 'Someone';
  if (entry.actorType === 'system') return 'The system';
  return entry.actorName ?? entry.actorId ?? 'An unknown user';
}

function afterOf(entry: DescribableAuditEntry, field: string): unknown {
  const change = entry.changes?.[field];
  return change ? (change.after ?? change.before) : undefined;
}

function targetWords(entry: DescribableAuditEntry): string | null {
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
  const kind = (
    (AUDIT_TARGET_TYPES as Record<string, string>)[entry.targetType] ?? entry.targetType
  ).toLowerCase();
  // "deleted the code" already says what; "redeemed" needs "a code".
  const phrase = auditActionPhrase(entry.action);
  if (new RegExp(`\\b${kind.split(' ')[0]}\\b`).test(phrase)) return null;
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

function detailsOf(entry: DescribableAuditEntry): string {
  const money = (field: string) => {
    const value = afterOf(entry, field);
    return typeof value === 'number' && Number.isSafeInteger(value) ? formatCents(value) : null;
  };
  const parts: string[] = [];
  if (entry.action === 'vouchers.voucher.redeemed' || entry.action === 'vouchers.voucher.till-redeemed') {
    const sale = money('transactionAmount');
    const off = money('discountApplied');
    if (sale) parts.push(`${sale} sale`);
    if (off) parts.push(`${off} off`);
  } else if (entry.action.startsWith('credits.transaction.')) {
    const amount = money('amount');
    if (amount) parts.push(amount);
  } else if (entry.action === 'credits.credit.created') {
    const total = money('totalAmount');
    if (total) parts.push(total);
  }
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** The entry as one sentence: who, did what, to what, where, and the money involved. */
export function describeAuditEntry(entry: DescribableAuditEntry): AuditSentence {
  const actor = describeAuditActor(entry);
  const target = targetWords(entry);
  // "deleted the credit of" with no name to follow reads "deleted the credit".
  const phrase = target
    ? auditActionPhrase(entry.action)
    : auditActionPhrase(entry.action).replace(/ (of|to|for)$/, '');
  const place = entry.companyName && entry.companyName !== target ? ` at ${entry.companyName}` : '';
  const details = detailsOf(entry);
  const text = `${actor} ${phrase}${target ? ` ${target}` : ''}${place}${details}`;
  return { actor, phrase, target, place, details, text };
}
