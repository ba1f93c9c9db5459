import type { ConsentSource, Member, MemberLanguage } from '@avpass/contracts';

/** A members row as the driver returns it. */
export interface MemberRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  language: string;
  /** A date column: the driver's Date (midnight UTC) or 'YYYY-MM-DD'. */
  birth_date?: Date | string | null;
  pass_version?: number;
  tags: string[];
  email_consent: boolean;
  email_consent_at: Date | string | null;
  email_consent_source: string | null;
  sms_consent: boolean;
  sms_consent_at: Date | string | null;
  sms_consent_source: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  erased_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const dayOrNull = (value: Date | string | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  // node-postgres reads a date at local midnight: its local calendar day is the stored one.
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    language: row.language as MemberLanguage,
    birthDate: dayOrNull(row.birth_date),
    tags: row.tags,
    consent: {
      email: {
        given: row.email_consent,
        at: isoOrNull(row.email_consent_at),
        source: row.email_consent_source as ConsentSource | null,
      },
      sms: {
        given: row.sms_consent,
        at: isoOrNull(row.sms_consent_at),
        source: row.sms_consent_source as ConsentSource | null,
      },
    },
    passVersion: row.pass_version ?? 1,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
