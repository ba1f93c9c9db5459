import { BIRTH_DATE_MESSAGE, BIRTH_DATE_RANGE_MESSAGE } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { connectDatabase } from './support/audit-entries';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 41, part 1: the members service's administrator API behind /api/members.
let h: Harness;
let admin: string;
let partner: string;
let db: pg.Client;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'members'] });
  admin = await h.adminToken();
  partner = (await createPartnerWithUser(h, 'Members Till')).token;
  db = await connectDatabase(h);
}, 120_000);
afterAll(async () => {
  await db?.end();
  await h?.close();
});

const create = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.api('/api/members', { method: 'POST', token: admin, json, headers });

function csvForm(text: string | Buffer, name = 'members.csv'): FormData {
  const fd = new FormData();
  const data = typeof text === 'string' ? Buffer.from(text) : text;
  fd.append('file', new Blob([new Uint8Array(data)], { type: 'text/csv' }), name);
  return fd;
}
const importCsv = (text: string | Buffer) =>
  h.api('/api/members/import', { method: 'POST', token: admin, body: csvForm(text) });

describe('who may call /api/members', () => {
  it('anonymous is 401, a partner 403, on every route', async () => {
    const id = randomUUID();
    const routes: [string, string][] = [
      ['GET', '/api/members'],
      ['POST', '/api/members'],
      ['POST', '/api/members/import'],
      ['GET', `/api/members/${id}`],
      ['PATCH', `/api/members/${id}`],
      ['DELETE', `/api/members/${id}`],
      ['GET', `/api/members/${id}/export`],
      ['POST', `/api/members/${id}/merge`],
    ];
    for (const [method, path] of routes) {
      const json = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await h.api(path, { method, json })).status, `${method} ${path}`).toBe(401);
      expect((await h.api(path, { method, json, token: partner })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('create, read, change', () => {
  it('creates a member: e-mail lower-cased, phone as E.164, consent with when and how', async () => {
    const res = await create({
      firstName: ' Ana ',
      lastName: 'García',
      email: 'Ana.Garcia@Example.COM',
      phone: '(202) 555-0143',
      language: 'es',
      tags: ['Athlete', 'coach', 'athlete'],
      consent: { email: { given: true } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana.garcia@example.com',
      phone: '+12025550143',
      language: 'es',
      tags: ['athlete', 'coach'],
      consent: {
        email: { given: true, source: 'form', at: expect.any(String) },
        sms: { given: false, at: null, source: null },
      },
    });
    const got = await h.api(`/api/members/${res.body.id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('refuses each bad field with a 400 that names it', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ firstName: 'No Contact' }, 'email', /e-mail or a phone is required/],
      [{ firstName: 'A', email: 'not-an-email' }, 'email', /valid e-mail/],
      [{ firstName: 'A', phone: '12345' }, 'phone', /valid phone/],
      [{ firstName: 'A', phone: '+1 call me' }, 'phone', /valid phone/],
      [{ firstName: '', email: 'a@example.com' }, 'firstName', /First name is required/],
      [{ firstName: '=HYPERLINK("x")', email: 'f@example.com' }, 'firstName', /formula/],
      [{ firstName: 'A', email: 'l@example.com', language: 'fr' }, 'language', /en or es/],
      [{ firstName: 'A', email: 't@example.com', tags: ['two words'] }, 'tags', /one word/],
      [
        { firstName: 'A', email: 'c@example.com', consent: { sms: { given: 'yes' } } },
        'consent',
        /true or false/,
      ],
      [
        { firstName: 'A', email: 's@example.com', consent: { sms: { given: true, source: 'fax' } } },
        'consent',
        /source/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toMatch(message);
      expect(Object.keys(res.body.errors ?? {}).join(','), JSON.stringify(res.body)).toContain(field);
    }
  });

  it('an e-mail or phone held by another member is a 409; at once, exactly one create wins', async () => {
    expect((await create({ firstName: 'Dup', email: 'dup@example.com' })).status).toBe(201);
    const again = await create({ firstName: 'Dup', email: 'DUP@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/e-mail already exists/);
    const racing = await Promise.all(
      Array.from({ length: 12 }, () => create({ firstName: 'Race', phone: '+34 612 345 678' })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
  });

  it('the same Idempotency-Key answers the first member again', async () => {
    const key = `member-${randomUUID()}`;
    const first = await create(
      { firstName: 'Keyed', email: 'keyed@example.com' },
      { 'idempotency-key': key },
    );
    const second = await create(
      { firstName: 'Keyed', email: 'keyed@example.com' },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
  });

  it('an unknown id is 404, a malformed one 400', async () => {
    expect((await h.api(`/api/members/${randomUUID()}`, { token: admin })).status).toBe(404);
    expect((await h.api(`/api/members/${randomUUID()}/export`, { token: admin })).status).toBe(404);
    expect(
      (
        await h.api(`/api/members/${randomUUID()}`, {
          method: 'PATCH',
          token: admin,
          json: { language: 'en' },
        })
      ).status,
    ).toBe(404);
    expect((await h.api(`/api/members/${randomUUID()}`, { method: 'DELETE', token: admin })).status).toBe(
      404,
    );
    expect((await h.api('/api/members/not-an-id', { token: admin })).status).toBe(400);
  });

  it('PATCH changes only what is sent; the audit keeps no personal values; export has it all', async () => {
    const made = await create({ firstName: 'Pat', lastName: 'Ch', email: 'pat@example.com' });
    const id = made.body.id as string;
    const patched = await h.api(`/api/members/${id}`, {
      method: 'PATCH',
      token: admin,
      json: {
        email: 'pat.new@example.com',
        tags: ['family'],
        consent: { sms: { given: true, source: 'link' } },
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ firstName: 'Pat', email: 'pat.new@example.com', tags: ['family'] });
    expect(patched.body.consent.sms).toMatchObject({ given: true, source: 'link' });
    const noContact = await h.api(`/api/members/${id}`, {
      method: 'PATCH',
      token: admin,
      json: { email: null },
    });
    expect(noContact.status).toBe(400);
    const exported = await h.api(`/api/members/${id}/export`, { token: admin });
    expect(exported.status).toBe(200);
    expect(exported.body.member.email).toBe('pat.new@example.com');
    expect(exported.body.consentHistory).toEqual([
      { channel: 'sms', given: true, source: 'link', at: expect.any(String) },
    ]);
    const actions = exported.body.auditHistory.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['members.member.created', 'members.member.updated']);
    const audit = JSON.stringify(exported.body.auditHistory);
    expect(audit).not.toContain('pat@example.com');
    expect(audit).not.toContain('pat.new@example.com');
    expect(audit).toContain('(personal data)');
  });
});

describe('the list', () => {
  const seeded: Record<string, string> = {};
  beforeAll(async () => {
    const people = [
      { firstName: 'Zoe', lastName: 'Listy', email: 'zoe.listy@example.org', tags: ['athlete'] },
      {
        firstName: 'Yann',
        lastName: 'Listy',
        phone: '+44 20 7946 0958',
        tags: ['coach'],
        consent: { sms: { given: true } },
      },
      {
        firstName: 'Xavi',
        lastName: 'Listo',
        email: 'xavi@example.org',
        phone: '(415) 555-0101',
        tags: ['athlete', 'family'],
      },
    ];
    for (const p of people) seeded[p.firstName] = (await create(p)).body.id;
  });
  const list = (query: string) => h.api(`/api/members?${query}`, { token: admin });
  const names = (body: { items: { firstName: string }[] }) => body.items.map((m) => m.firstName);

  it('searches a prefix of the name, full name, e-mail or phone digits', async () => {
    expect(names((await list('search=list')).body).sort()).toEqual(['Xavi', 'Yann', 'Zoe']);
    expect(names((await list('search=zoe%20li')).body)).toEqual(['Zoe']);
    expect(names((await list('search=xavi@')).body)).toEqual(['Xavi']);
    expect(names((await list('search=415%20555')).body)).toEqual(['Xavi']);
    expect(names((await list('search=%2B44%2020')).body)).toEqual(['Yann']);
    expect(names((await list('search=%25')).body)).toEqual([]);
  });

  it('filters by tag and consent, sorts by name, pages by cursor', async () => {
    expect(names((await list('search=list&tag=athlete')).body).sort()).toEqual(['Xavi', 'Zoe']);
    expect(names((await list('search=list&consent=sms')).body)).toEqual(['Yann']);
    expect(names((await list('search=list&consent=none')).body).sort()).toEqual(['Xavi', 'Zoe']);
    expect(names((await list('search=list&sort=name')).body)).toEqual(['Xavi', 'Yann', 'Zoe']);
    const first = await list('search=list&sort=name&limit=2');
    expect(names(first.body)).toEqual(['Xavi', 'Yann']);
    const next = await list(`search=list&sort=name&limit=2&cursor=${first.body.nextCursor}`);
    expect(names(next.body)).toEqual(['Zoe']);
    expect(next.body.nextCursor).toBeNull();
    const other = await list(`search=list&limit=2&cursor=${first.body.nextCursor}`);
    expect(other.status).toBe(400);
  });

  it('refuses a bad query with 400', async () => {
    for (const q of ['sort=age', 'consent=fax', 'limit=0', 'limit=500', 'tag=two%20words', 'order=up']) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
    }
  });
});

describe('merge and erase', () => {
  it('merges a duplicate: the target takes its phone and tags, the other is gone', async () => {
    const keep = (
      await create({ firstName: 'Mia', lastName: 'Merge', email: 'mia@example.com', tags: ['athlete'] })
    ).body.id;
    const dup = (
      await create({
        firstName: 'Mia',
        phone: '+1 212 555 0199',
        tags: ['family'],
        consent: { sms: { given: true } },
      })
    ).body.id;
    const merged = await h.api(`/api/members/${keep}/merge`, {
      method: 'POST',
      token: admin,
      json: { from: dup },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toMatchObject({
      id: keep,
      email: 'mia@example.com',
      phone: '+12125550199',
      tags: ['athlete', 'family'],
      consent: { sms: { given: true } },
    });
    expect((await h.api(`/api/members/${dup}`, { token: admin })).status).toBe(404);
    const self = await h.api(`/api/members/${keep}/merge`, {
      method: 'POST',
      token: admin,
      json: { from: keep },
    });
    expect(self.status).toBe(400);
    const gone = await h.api(`/api/members/${keep}/merge`, {
      method: 'POST',
      token: admin,
      json: { from: dup },
    });
    expect(gone.status).toBe(400);
    const bad = await h.api(`/api/members/${keep}/merge`, {
      method: 'POST',
      token: admin,
      json: { from: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('erases a member: gone from reads; a later import of the same e-mail makes a new member', async () => {
    const id = (await create({ firstName: 'Eve', lastName: 'Erased', email: 'eve.erased@example.com' })).body
      .id;
    const erased = await h.api(`/api/members/${id}`, { method: 'DELETE', token: admin });
    expect(erased.status).toBe(200);
    // The row stays, scrubbed; the event tells holders elsewhere to anonymise.
    const { rows } = await db.query('select * from members.members where id = $1', [id]);
    expect(rows[0]).toMatchObject({
      first_name: '',
      last_name: '',
      email: null,
      phone: null,
      erased_at: expect.any(Date),
    });
    const events = await db.query(
      `select payload from members.outbox_events where name = 'members.member.erased.v1' and payload->>'memberId' = $1`,
      [id],
    );
    expect(events.rows).toHaveLength(1);
    expect((await h.api(`/api/members/${id}`, { token: admin })).status).toBe(404);
    expect((await h.api(`/api/members/${id}`, { method: 'DELETE', token: admin })).status).toBe(404);
    expect((await h.api('/api/members?search=eve.erased', { token: admin })).body.items).toEqual([]);
    const imported = await importCsv('name,email\nEve Erased,eve.erased@example.com\n');
    expect(imported.body).toMatchObject({ created: 1, updated: 0 });
    const found = (await h.api('/api/members?search=eve.erased', { token: admin })).body.items;
    expect(found).toHaveLength(1);
    expect(found[0].id).not.toBe(id);
  });
});

describe('import by CSV', () => {
  const header = '\uFEFFFirst Name;LAST_NAME;E-mail;Phone;Language;Tags;SMS consent';
  const good = [
    'Iris;Import;iris@example.net;+34 600 000 001;es;athlete,coach;yes',
    'Ivan;Import;;(305) 555-0111;;family;',
  ];
  const bad = [
    'Ida;Import;not-an-email;;;;', // row 4
    'Igor;Import;;12;;;', // row 5
    '=cmd|calc;Import;formula@example.net;;;;', // row 6
    'Ines;Import;iris@example.net;;;;', // row 7: repeats row 2's e-mail
    'Iker;Import;;;;;', // row 8: no e-mail or phone
    'Isa;Import;isa@example.net;;fr;;', // row 9
    'Ike;Import;ike@example.net', // row 10: too few cells
    'Ila;Import;ila@example.net;;;;maybe', // row 11
  ];
  const file = [header, ...good, ...bad].join('\r\n') + '\r\n';

  it('imports the good rows, reports each refused one by row number; the same file again changes nothing', async () => {
    const first = await importCsv(file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(first.body.refused.map((r: { row: number }) => r.row)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    const reasons = first.body.refused.map((r: { reason: string }) => r.reason).join('\n');
    expect(reasons).toMatch(/not a valid e-mail/);
    expect(reasons).toMatch(/not a valid phone/);
    expect(reasons).toMatch(/formula/);
    expect(reasons).toMatch(/row 2/);
    expect(reasons).toMatch(/neither an e-mail nor a phone/);
    expect(reasons).toMatch(/not en or es/);
    expect(reasons).toMatch(/3 cells where the header has 7/);
    expect(reasons).toMatch(/not yes or no/);
    // Each reason also has its code and values, for the screens' languages (issue 42).
    const codes = first.body.refused.map((r: { code?: string }) => r.code);
    expect(codes).not.toContain(undefined);
    expect(codes).toEqual(
      expect.arrayContaining([
        'members.import.email',
        'members.import.phone',
        'field.formula',
        'members.import.no-contact',
        'members.import.language',
        'members.import.cells',
        'members.import.yes-or-no',
      ]),
    );
    expect(first.body.refused).toContainEqual(
      expect.objectContaining({ code: 'members.import.cells', params: { cells: '3', columns: '7' } }),
    );
    const iris = (await h.api('/api/members?search=iris@', { token: admin })).body.items[0];
    expect(iris).toMatchObject({
      firstName: 'Iris',
      phone: '+34600000001',
      language: 'es',
      tags: ['athlete', 'coach'],
      consent: { sms: { given: true, source: 'import' } },
    });
    const again = await importCsv(file);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    // A changed row updates its member, found by phone; the tags add up.
    const changed = await importCsv('name,phone,tags\nIvan Importado,+1 305 555 0111,coach\n');
    expect(changed.body).toMatchObject({ created: 0, updated: 1 });
    const ivan = (await h.api('/api/members?search=ivan', { token: admin })).body.items[0];
    expect(ivan).toMatchObject({ lastName: 'Importado', tags: ['coach', 'family'] });
  });

  it('a birth_date column sets the date of birth; a bad one refuses its row with the API’s words', async () => {
    const res = await importCsv(
      [
        'name,email,birth_date',
        'Bea Born,bea.born@example.net,1990-04-23',
        'Bo Slashed,bo.slashed@example.net,23/04/1990', // row 3: not YYYY-MM-DD
        'Bo Later,bo.later@example.net,2999-01-01', // row 4: after today
        'Bo Nodate,bo.nodate@example.net,',
      ].join('\n'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 0 });
    expect(res.body.refused).toEqual([
      { row: 3, reason: BIRTH_DATE_MESSAGE, code: 'member.birth-date.format' },
      { row: 4, reason: BIRTH_DATE_RANGE_MESSAGE, code: 'member.birth-date.range' },
    ]);
    const found = async (search: string) =>
      (await h.api(`/api/members?search=${search}`, { token: admin })).body.items;
    expect(await found('bea.born@')).toMatchObject([{ birthDate: '1990-04-23' }]);
    expect(await found('bo.nodate@')).toMatchObject([{ birthDate: null }]);
    expect(await found('bo.slashed@')).toEqual([]);
    // The header's other names; a new date updates the member, an empty cell keeps the one it has.
    const changed = await importCsv('Name;Email;Date of Birth\nBea Born;bea.born@example.net;1991-05-06\n');
    expect(changed.body).toMatchObject({ created: 0, updated: 1, refused: [] });
    const kept = await importCsv('name,email,birthdate\nBea Born,bea.born@example.net,\n');
    expect(kept.body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await found('bea.born@')).toMatchObject([{ birthDate: '1991-05-06' }]);
  });

  it('the import is audited once, with its counts', async () => {
    const before = await importAudits();
    const res = await importCsv('name,email\nAudit Row,audit.row@example.net\nBad Row,nope\n');
    expect(res.body).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    const after = await importAudits();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      target_type: 'member-import',
      actor_role: 'super_admin',
      changes: {
        rows: { before: null, after: 2 },
        created: { before: null, after: 1 },
        updated: { before: null, after: 0 },
        refused: { before: null, after: 1 },
      },
    });
  });

  it('two imports of one file at once create each member once', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `Con${i},Current,con${i}@example.io`);
    const text = ['first_name,last_name,email', ...rows].join('\n');
    const [a, b] = await Promise.all([importCsv(text), importCsv(text)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.created + b.body.created).toBe(300);
    expect(a.body.unchanged + b.body.unchanged).toBe(300);
  });

  it('thousands of rows in one import', async () => {
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `Bulk${i} Member,bulk${i}@example.io,${i % 2 ? 'athlete' : ''}`,
    );
    const res = await importCsv(['name,email,tags', ...rows].join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 5000, updated: 0, refused: [] });
  }, 60_000);

  it('refuses a wrong file whole with a clear 400, and 50 MB with a 413', async () => {
    const cases: [string | Buffer, RegExp][] = [
      ['name,email,shoe size\nA,a@x.io,42\n', /Unknown column "shoe size"/],
      ['email,phone\na@x.io,\n', /No name column/],
      ['name,tags\nA,x\n', /No email or phone column/],
      ['name,email,email\nA,a@x.io,b@x.io\n', /appears twice/],
      ['', /empty/],
      ['name,email\n"unclosed,a@x.io\n', /not valid CSV/],
      [Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x00]), /not UTF-8/],
    ];
    for (const [text, message] of cases) {
      const res = await importCsv(text);
      expect(res.status, String(text)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const notMultipart = await h.api('/api/members/import', { method: 'POST', token: admin, json: {} });
    expect(notMultipart.status).toBe(400);
    const noFile = new FormData();
    noFile.append('other', 'x');
    const missing = await h.api('/api/members/import', { method: 'POST', token: admin, body: noFile });
    expect(missing.status).toBe(400);
    const huge = Buffer.alloc(50 * 1024 * 1024, 'a');
    const tooLarge = await importCsv(huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/larger than 10 MB/);
  }, 60_000);
});

async function importAudits() {
  const { rows } = await db.query(
    `select * from members.audit_entries where action = 'members.import.completed' order by seq`,
  );
  return rows;
}
