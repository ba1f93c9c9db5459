import type { Member } from '@avpass/contracts';

/** At most this many e-mails and phones from one CSV (each is one search of the members list). */
export const CSV_RECIPIENTS_MAX = 500;

export type Contact = { kind: 'email'; value: string } | { kind: 'phone'; digits: string; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The e-mails and phones of a CSV (any columns, any header): every cell that reads as an e-mail, or as
 * a phone (7 to 15 digits, with +, spaces, dashes, dots or brackets), once each, in file order.
 */
export function contactsOfCsv(text: string): Contact[] {
  const seen = new Set<string>();
  const contacts: Contact[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    for (const raw of line.split(/[,;\t]/)) {
      const cell = raw.trim().replace(/^"|"$/g, '').trim();
      if (!cell) continue;
      let contact: Contact | null = null;
      if (EMAIL.test(cell)) contact = { kind: 'email', value: cell.toLowerCase() };
      else if (/^\+?[\d\s().-]+$/.test(cell) && digitsOf(cell).length >= 7 && digitsOf(cell).length <= 15)
        contact = { kind: 'phone', digits: digitsOf(cell), value: cell };
      const key = contact && (contact.kind === 'email' ? contact.value : contact.digits);
      if (contact && key && !seen.has(key)) {
        seen.add(key);
        contacts.push(contact);
      }
    }
  }
  return contacts;
}

/** Whether a member found by the search is the contact's member (the search is a prefix match). */
export function isContactOf(member: Pick<Member, 'email' | 'phone'>, contact: Contact): boolean {
  if (contact.kind === 'email') return member.email === contact.value;
  const phone = digitsOf(member.phone ?? '');
  // '+34 612 345 678' or a national '612 345 678': the stored E.164 ends with what was typed.
  return phone.length > 0 && (phone === contact.digits || phone.endsWith(contact.digits));
}

/**
 * The members of the contacts, each looked up by the list's search (`find`), four at a time; the
 * contacts that are no member's come back as `missing`.
 */
export async function resolveContacts(
  contacts: readonly Contact[],
  find: (search: string) => Promise<readonly Member[]>,
): Promise<{ members: Member[]; missing: string[] }> {
  const found = new Map<string, Member>();
  const missing: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < contacts.length) {
      const contact = contacts[next++]!;
      const candidates = await find(contact.kind === 'email' ? contact.value : contact.digits);
      const member = candidates.find((m) => isContactOf(m, contact));
      if (member) found.set(member.id, member);
      else missing.push(contact.value);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { members: [...found.values()], missing };
}
