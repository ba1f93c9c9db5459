import type { Member } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { contactsOfCsv, isContactOf, resolveContacts } from './csv-recipients';

describe('the e-mails and phones of a CSV', () => {
  it('reads every cell that is an e-mail or a phone, once, whatever the columns and header', () => {
    const text =
      '\uFEFFname;email;mobile\r\nAna;Ana@Club.test;+34 612 345 678\nBruno,"bruno@club.test",\nAna,ana@club.test,x\n12,(202) 555-0143';
    expect(contactsOfCsv(text)).toEqual([
      { kind: 'email', value: 'ana@club.test' },
      { kind: 'phone', digits: '34612345678', value: '+34 612 345 678' },
      { kind: 'email', value: 'bruno@club.test' },
      { kind: 'phone', digits: '2025550143', value: '(202) 555-0143' },
    ]);
  });

  it('matches an e-mail exactly and a phone by its E.164 or national digits', () => {
    const m = { email: 'ana@club.test', phone: '+34612345678' };
    expect(isContactOf(m, { kind: 'email', value: 'ana@club.test' })).toBe(true);
    expect(isContactOf(m, { kind: 'email', value: 'ana@club.tes' })).toBe(false);
    expect(isContactOf(m, { kind: 'phone', digits: '612345678', value: '612 345 678' })).toBe(true);
    expect(isContactOf(m, { kind: 'phone', digits: '34612345679', value: 'x' })).toBe(false);
  });

  it('resolves the contacts to members and says which are no member’s', async () => {
    const ana = { id: 'a', email: 'ana@club.test', phone: null } as Member;
    const anabel = { id: 'b', email: 'ana@club.testing', phone: null } as Member;
    const result = await resolveContacts(contactsOfCsv('ana@club.test\nnobody@club.test'), async (search) =>
      [ana, anabel].filter((m) => m.email?.startsWith(search)),
    );
    expect(result).toEqual({ members: [ana], missing: ['nobody@club.test'] });
  });
});
