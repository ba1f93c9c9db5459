import type { AuditChanges, Consent, ConsentChannel, ConsentSource, Member } from '@avpass/contracts';
import { diffChanges, DomainError } from '@avpass/platform';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * A phone as typed ('+34 612 345 678', '(202) 555-0143') as E.164 ('+34612345678'), read in `region`
 * when it has no +country code; null when it is not a possible number there (libphonenumber-js, `min`
 * metadata: lengths per country and region, not the number-range patterns, decision 310).
 */
export function phoneToE164(typed: string, region: CountryCode): string | null {
  if (!/^[+\d\s().\-/]+$/.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed, region);
  return parsed?.isValid() ? parsed.number : null;
}

export const PHONE_MESSAGE =
  "Not a valid phone number: give it with its country code (+34 612 345 678) or as dialled in the club's country";

/** The phone of a request, in E.164 (undefined and null pass through), or a 400 on `phone`. */
export function requirePhone(
  typed: string | null | undefined,
  region: CountryCode,
): string | null | undefined {
  if (typed === undefined || typed === null) return typed;
  const phone = phoneToE164(typed, region);
  if (!phone) throw DomainError.validation(PHONE_MESSAGE, { phone: [PHONE_MESSAGE] });
  return phone;
}

/**
 * The digits a search box holds when it looks like a phone ('202 555', '+34 612'): an E.164 prefix,
 * and the same digits after the club's country code (a national number as dialled). Null: not a phone.
 */
export function phoneSearchPrefixes(search: string, countryCallingCode: string): string[] | null {
  if (!/^[+\d\s().\-/]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  if (digits.length < 3) return null;
  if (search.trim().startsWith('+')) return [`+${digits}`];
  return [`+${digits}`, `+${countryCallingCode}${digits.replace(/^0+/, '')}`];
}

/** What the audit trail may keep of a member: every field, the personal ones only as "changed". */
export const PERSONAL_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'birthDate'] as const;
export const PERSONAL_VALUE = '(personal data)';

/**
 * The audit changes of a member, with the values of the personal fields replaced by "(personal
 * data)" (null stays null): audit entries are append-only and copied to the audit service, so an
 * erasure could not reach them (decision 310). Null when nothing changed.
 */
export function memberAuditChanges(before: Member | null, after: Member | null): AuditChanges | null {
  const fields = (m: Member | null) => {
    if (!m) return null;
    // The pass's version moves by a revoke, which records it itself.
    const { id: _id, createdAt: _c, updatedAt: _u, passVersion: _p, ...rest } = m;
    return rest;
  };
  const changes = diffChanges(fields(before), fields(after));
  if (!changes) return null;
  for (const field of PERSONAL_FIELDS) {
    const change = changes[field];
    if (!change) continue;
    changes[field] = {
      before: change.before === null || change.before === undefined ? null : PERSONAL_VALUE,
      after: change.after === null || change.after === undefined ? null : PERSONAL_VALUE,
    };
  }
  return changes;
}

/** A consent change to record: the channel, the new value and how it came. */
export interface ConsentChange {
  channel: ConsentChannel;
  given: boolean;
  source: ConsentSource;
}

/** The consents a request changes: only those whose `given` differs from the member's now. */
export function consentChanges(
  current: { email: Consent; sms: Consent } | null,
  sent: Partial<Record<ConsentChannel, { given: boolean; source: ConsentSource }>> | undefined,
): ConsentChange[] {
  const changes: ConsentChange[] = [];
  for (const channel of ['email', 'sms'] as const) {
    const wanted = sent?.[channel];
    if (!wanted) continue;
    const now = current?.[channel].given ?? false;
    if (wanted.given !== now || (!current && wanted.given)) changes.push({ channel, ...wanted });
  }
  return changes;
}
