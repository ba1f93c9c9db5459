import type { PublicPartner, PublicPartnerPage } from '@avpass/contracts';
import { RPC } from '@avpass/contracts';
import { eventStreamName, serviceDatabaseUrl } from '@avpass/platform';
import { connect } from 'nats';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, startServices, type Services } from './support/services';

let s: Services;
beforeAll(async () => {
  s = await startServices();
});
afterAll(async () => s?.close());

let seq = 0;
const createVendor = (body: Record<string, unknown> = {}) =>
  s.call(RPC.partners.create, { name: `Partner ${++seq}`, ...body });
/** The partners' own events (each change's audit entry has its own event too: audit tests count those). */
const outboxCount = async () =>
  Number(
    (await s.sql.query(`select count(*) from partners.outbox_events where name <> 'audit.entry.recorded.v1'`))
      .rows[0].count,
  );

describe('partners (vendors)', () => {
  it('the administrator creates, lists, opens, edits and deletes a partner', async () => {
    const created = await s.call(RPC.partners.create, {
      name: '  Peak Physio  ',
      email: ' Hello@PeakPhysio.com ',
      website: 'https://peakphysio.example',
      categories: ['Physical Therapy', 'Physical Therapy', 'Healthcare'],
      phone: '',
    });
    expect(created).toMatchObject({
      name: 'Peak Physio',
      email: 'hello@peakphysio.com',
      website: 'https://peakphysio.example',
      phone: null,
      categories: ['Physical Therapy', 'Healthcare'],
      galleryPhotos: [],
      logoUrl: null,
      isActive: true,
    });
    const newer = await createVendor();

    const list = await s.call(RPC.partners.list, {});
    const ids = list.map((v) => v.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(created.id)); // newest first
    expect(await s.call(RPC.partners.get, { id: created.id })).toEqual(created);

    const edited = await s.call(RPC.partners.update, {
      id: created.id,
      contactInfo: 'Open 7 days',
      isActive: false,
      categories: ['Healthcare'],
    });
    expect(edited).toEqual({
      ...created,
      contactInfo: 'Open 7 days',
      isActive: false,
      categories: ['Healthcare'],
    });
    const cleared = await s.call(RPC.partners.update, {
      id: created.id,
      email: '',
      website: null,
    });
    expect(cleared).toMatchObject({ email: null, website: null, contactInfo: 'Open 7 days' });

    expect(await s.call(RPC.partners.remove, { id: created.id })).toEqual({
      message: 'Partner deleted',
    });
    const gone = await refusal(s.call(RPC.partners.get, { id: created.id }));
    expect(gone).toMatchObject({ code: 'NOT_FOUND', message: 'Partner not found' });
  });

  it.each([
    [{}, 'name', 'Partner name is required'],
    [{ name: '   ' }, 'name', 'Partner name is required'],
    [{ name: 'x'.repeat(201) }, 'name', 'Partner name must be at most 200 characters'],
    [{ name: 'X', email: 'not-an-email' }, 'email', 'Valid email required'],
    [{ name: 'X', website: 'peak physio' }, 'website', 'Please enter a valid URL (https://...)'],
    [{ name: 'X', website: 'ftp://peak.example' }, 'website', 'Please enter a valid URL (https://...)'],
  ])('creating a partner with %j is refused, naming the field', async (body, field, message) => {
    const error = await refusal(s.call(RPC.partners.create, body as never));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(message);
    expect(error.errors?.[field]).toContain(message);
  });

  it.each([
    [{ name: '' }, 'name', 'Partner name is required'],
    [{ email: 'nope' }, 'email', 'Valid email required'],
    [{ website: 'not a url' }, 'website', 'Please enter a valid URL (https://...)'],
    [
      { logoUrl: 'https://evil.example/x.png' },
      'logoUrl',
      'Must be a file uploaded to AV Pass (/uploads/...)',
    ],
    [
      { galleryPhotos: ['/uploads/ok.png', '/etc/passwd'] },
      'galleryPhotos.1',
      'Must be a file uploaded to AV Pass (/uploads/...)',
    ],
  ])('editing a partner with %j is refused, naming the field', async (changes, field, message) => {
    const vendor = await createVendor();
    const error = await refusal(s.call(RPC.partners.update, { id: vendor.id, ...changes }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors?.[field]).toContain(message);
    expect(await s.call(RPC.partners.get, { id: vendor.id })).toEqual(vendor);
  });

  it('two partners cannot share an e-mail, whatever its case', async () => {
    const first = await createVendor({ email: 'twin@example.com' });
    const duplicate = await refusal(createVendor({ email: 'TWIN@Example.com' }));
    expect(duplicate).toMatchObject({
      code: 'CONFLICT',
      message: 'A partner with that email already exists',
      errors: { email: ['A partner with that email already exists'] },
    });

    const other = await createVendor({ email: 'other@example.com' });
    const taken = await refusal(s.call(RPC.partners.update, { id: other.id, email: 'Twin@example.com' }));
    expect(taken).toMatchObject({
      code: 'CONFLICT',
      errors: { email: ['A partner with that email already exists'] },
    });
    // Saving a partner with its own e-mail is not a conflict; partners without e-mail never clash.
    expect(
      await s.call(RPC.partners.update, {
        id: first.id,
        email: 'TWIN@example.com',
        phone: '555',
      }),
    ).toMatchObject({
      email: 'twin@example.com',
      phone: '555',
    });
    await createVendor({ email: '' });
    await createVendor({ email: null });
  });

  it('of partners created at the same moment with one e-mail, exactly one is saved', async () => {
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() => createVendor({ email: 'race@example.com' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({
        code: 'CONFLICT',
        message: 'A partner with that email already exists',
      });
    }
    const stored = await s.sql.query(
      `select count(*) from partners.companies where lower(email) = 'race@example.com'`,
    );
    expect(Number(stored.rows[0].count)).toBe(1);
  });

  it("unknown partners are 'Partner not found'; malformed ids are refused", async () => {
    const id = randomUUID();
    for (const [pattern, payload] of [
      [RPC.partners.get, { id }],
      [RPC.partners.update, { id, name: 'Y' }],
      [RPC.partners.remove, { id }],
      [RPC.partners.addPhoto, { vendorId: id, photoType: 'logo', url: '/uploads/logo.png' }],
      [RPC.partners.listUsers, { partnerId: id }],
    ] as const) {
      expect(await refusal(s.call(pattern, payload as never)), pattern).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Partner not found',
      });
    }
    expect(await refusal(s.call(RPC.partners.get, { id: 'not-a-uuid' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Not a valid id',
    });
  });

  it('a logo upload replaces the logo; gallery photos are added up to 50', async () => {
    const vendor = await createVendor();
    const withLogo = await s.call(RPC.partners.addPhoto, {
      vendorId: vendor.id,
      photoType: 'logo',
      url: '/uploads/logo-1.png',
    });
    expect(withLogo.logoUrl).toBe('/uploads/logo-1.png');
    const replaced = await s.call(RPC.partners.addPhoto, {
      vendorId: vendor.id,
      photoType: 'logo',
      url: '/uploads/logo-2.webp',
    });
    expect(replaced).toMatchObject({ logoUrl: '/uploads/logo-2.webp', galleryPhotos: [] });

    const existing = Array.from({ length: 48 }, (_, i) => `/uploads/photo-${i}.jpg`);
    await s.call(RPC.partners.update, { id: vendor.id, galleryPhotos: existing });
    // Two uploads at the same moment both land.
    await Promise.all(
      ['a', 'b'].map((n) =>
        s.call(RPC.partners.addPhoto, {
          vendorId: vendor.id,
          photoType: 'gallery',
          url: `/uploads/new-${n}.png`,
        }),
      ),
    );
    const full = await s.call(RPC.partners.get, { id: vendor.id });
    expect(full.galleryPhotos).toHaveLength(50);
    expect(full.galleryPhotos.slice(0, 48)).toEqual(existing);
    expect(full.galleryPhotos.slice(48).sort()).toEqual(['/uploads/new-a.png', '/uploads/new-b.png']);
    expect(full.logoUrl).toBe('/uploads/logo-2.webp');

    const tooMany = await refusal(
      s.call(RPC.partners.addPhoto, { vendorId: vendor.id, photoType: 'gallery', url: '/uploads/x.png' }),
    );
    expect(tooMany).toMatchObject({ code: 'VALIDATION_FAILED', message: 'At most 50 gallery photos' });
    const notOurs = await refusal(
      s.call(RPC.partners.addPhoto, {
        vendorId: vendor.id,
        photoType: 'logo',
        url: 'https://x.example/a.png',
      }),
    );
    expect(notOurs.errors?.url).toContain('Must be a file uploaded to AV Pass (/uploads/...)');
    const badType = await refusal(
      s.call(RPC.partners.addPhoto, {
        vendorId: vendor.id,
        photoType: 'banner' as never,
        url: '/uploads/a.png',
      }),
    );
    expect(badType.errors?.photoType).toContain('Photo type must be logo or gallery');
  });
});

describe('deleting a partner', () => {
  it('records exactly one partner.deleted event with the delete, and none when the delete fails', async () => {
    const vendor = await createVendor({ name: 'Closing Down Cafe' });
    const before = await outboxCount();
    await s.call(RPC.partners.remove, { id: vendor.id });

    const events = await s.sql.query(
      `select name, payload from partners.outbox_events where payload->>'partnerId' = $1`,
      [vendor.id],
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0].name).toBe('partners.partner.deleted.v1');
    expect(events.rows[0].payload).toMatchObject({ partnerId: vendor.id, name: 'Closing Down Cafe' });
    expect(Date.parse(events.rows[0].payload.deletedAt)).not.toBeNaN();
    expect(await outboxCount()).toBe(before + 1);

    // A second delete of the same partner, or of one that never existed, changes nothing.
    for (const id of [vendor.id, randomUUID()]) {
      expect(await refusal(s.call(RPC.partners.remove, { id }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Partner not found',
      });
    }
    expect(await outboxCount()).toBe(before + 1);
  });
});

describe("a partner's activation", () => {
  it('each change of isActive is one status-changed event, with a rising version; other edits send none', async () => {
    const vendor = await createVendor({ name: 'Seasonal Surf' });
    const statusEvents = async () =>
      (
        await s.sql.query(
          `select payload from partners.outbox_events
            where name = 'partners.partner.status-changed.v1' and payload->>'partnerId' = $1 order by seq`,
          [vendor.id],
        )
      ).rows.map((row) => row.payload);

    await s.call(RPC.partners.update, { id: vendor.id, isActive: false });
    await s.call(RPC.partners.update, { id: vendor.id, isActive: false }); // no change: no event
    await s.call(RPC.partners.update, { id: vendor.id, description: 'Closed for winter' });
    await s.call(RPC.partners.update, { id: vendor.id, isActive: true });
    expect(await statusEvents()).toEqual([
      { partnerId: vendor.id, isActive: false, version: 1 },
      { partnerId: vendor.id, isActive: true, version: 2 },
    ]);
  });
});

describe('companies and the public partner list', () => {
  it('a company admin sees only its own company; the administrator sees all', async () => {
    const alpha = await createVendor({ name: 'Alpha Athletics', email: 'alpha@example.com' });
    const bravo = await createVendor({ name: 'Bravo Boxing' });
    const companyAdmin = { userId: randomUUID(), role: 'company_admin' as const, companyId: alpha.id };

    const mine = await s.call(RPC.partners.listCompanies, {}, companyAdmin);
    expect(mine).toEqual([
      { id: alpha.id, name: 'Alpha Athletics', email: 'alpha@example.com', logoUrl: null, isActive: true },
    ]);
    const all = await s.call(RPC.partners.listCompanies, {});
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining([alpha.id, bravo.id]));
    expect(all.map((c) => c.name)).toEqual(
      [...all.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );

    const homeless = await s.call(RPC.partners.listCompanies, {}, { ...companyAdmin, companyId: null });
    expect(homeless).toEqual([]);
    expect(await refusal(s.call(RPC.partners.listCompanies, {}, null))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('visitors see active partners in the order they joined, while the vouchers service (their figures) is away, with figures 0', async () => {
    const first = await createVendor({
      name: 'Public Pizza',
      contactInfo: 'Slices all day',
      email: 'pizza@example.com',
    });
    const hidden = await createVendor({ name: 'Hidden Hats' });
    await s.call(RPC.partners.update, { id: hidden.id, isActive: false });
    const second = await createVendor({ name: 'Quiet Quarry' });

    const list = (await s.call(RPC.partners.publicList, {}, null)) as PublicPartner[];
    const ids = list.map((p) => p.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(list.find((p) => p.id === first.id)).toEqual({
      id: first.id,
      name: 'Public Pizza',
      logoUrl: null,
      contactInfo: 'Slices all day',
      activeOffers: 0,
      totalQrCodes: 0,
    });
    expect(list.find((p) => p.id === second.id)).toMatchObject({ activeOffers: 0, totalQrCodes: 0 });
  });

  it('the first page of a search says how many active partners match in all; the next pages do not count again', async () => {
    const tag = `Counted${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 5; i++) await createVendor({ name: `${tag} Cafe ${i}` });
    const closed = await createVendor({ name: `${tag} Closed` });
    await s.call(RPC.partners.update, { id: closed.id, isActive: false });

    const first = (await s.call(
      RPC.partners.publicList,
      { search: tag, limit: 2 },
      null,
    )) as PublicPartnerPage;
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(5);
    const second = (await s.call(
      RPC.partners.publicList,
      { search: tag, limit: 2, cursor: first.nextCursor! },
      null,
    )) as PublicPartnerPage;
    expect(second.items).toHaveLength(2);
    expect(second.total).toBeUndefined();

    const all = (await s.call(RPC.partners.publicList, { limit: 1 }, null)) as PublicPartnerPage;
    const { rows } = await s.sql.query('select count(*)::int as n from partners.companies where is_active');
    expect(all.total).toBe(rows[0].n);
  });

  it('keeps no copy of the codes: no partner_offer_stats table and no consumer of voucher events', async () => {
    // The figures are the vouchers service's partner_offer_tallies, asked at read time (issue 24).
    const table = await s.sql.query(`select to_regclass('partners.partner_offer_stats') as t`);
    expect(table.rows[0].t).toBeNull();
    const nc = await connect({ servers: s.env.NATS_URL! });
    try {
      const jsm = await nc.jetstreamManager();
      const consumers = await jsm.consumers.list(eventStreamName(s.env.NATS_NAMESPACE!)).next();
      expect(consumers.map((c) => c.name).filter((name) => name.startsWith('partners__'))).toEqual([]);
    } finally {
      await nc.close();
    }
  });
});

describe('portal users', () => {
  it('are created, listed and deactivated through identity', async () => {
    const vendor = await createVendor({ name: 'Users Inc' });
    const user = await s.call(RPC.partners.createUser, {
      partnerId: vendor.id,
      username: 'ui-staff',
      password: 'staff-password',
      firstName: 'Sam',
      email: '',
    });
    expect(user).toMatchObject({
      username: 'ui-staff',
      firstName: 'Sam',
      email: null,
      isActive: true,
      companyId: vendor.id,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(await s.call(RPC.partners.listUsers, { partnerId: vendor.id })).toEqual([user]);

    const login = await s.call(
      RPC.identity.companyLogin,
      { username: 'ui-staff', password: 'staff-password' },
      null,
    );
    expect(login.user.companyName).toBe('Users Inc');

    const off = await s.call(RPC.partners.setUserActive, {
      partnerId: vendor.id,
      userId: user.id,
      isActive: false,
    });
    expect(off.isActive).toBe(false);
    expect(await s.call(RPC.identity.resolveSession, { token: login.token }, null)).toBeNull();
    const refused = await refusal(
      s.call(RPC.identity.companyLogin, { username: 'ui-staff', password: 'staff-password' }, null),
    );
    expect(refused.code).toBe('FORBIDDEN');
    const on = await s.call(RPC.partners.setUserActive, {
      partnerId: vendor.id,
      userId: user.id,
      isActive: true,
    });
    expect(on.isActive).toBe(true);
  });

  it("are validated, and identity's refusals come back as they were", async () => {
    const vendor = await createVendor();
    await s.call(RPC.partners.createUser, {
      partnerId: vendor.id,
      username: 'taken-name',
      password: 'shop-secret-1',
    });
    // Deliberately invalid payloads: the partners service's contract must refuse them.
    const create = (user: object, partnerId = vendor.id) =>
      s.call(RPC.partners.createUser, { ...user, partnerId } as never);

    expect(await refusal(create({ username: 'TAKEN-NAME', password: 'shop-secret-1' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'That username is already taken',
    });
    expect((await refusal(create({ password: 'shop-secret-1' }))).errors?.username).toContain(
      'Username is required',
    );
    expect((await refusal(create({ username: 'x', password: '123' }))).errors?.password).toContain(
      'Password must be at least 6 characters',
    );
    expect(
      (await refusal(create({ username: 'x', password: 'shop-secret-1', email: 'nope' }))).errors?.email,
    ).toContain('Valid email required');
    expect(
      await refusal(create({ username: 'orphan', password: 'shop-secret-1' }, randomUUID())),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Partner not found',
    });
    const orphans = await s.sql.query(`select count(*) from identity.users where username = 'orphan'`);
    expect(Number(orphans.rows[0].count)).toBe(0);

    const other = await createVendor();
    const stranger = await s.call(RPC.partners.createUser, {
      partnerId: other.id,
      username: 'stranger',
      password: 'shop-secret-1',
    });
    const crossed = await refusal(
      s.call(RPC.partners.setUserActive, { partnerId: vendor.id, userId: stranger.id, isActive: false }),
    );
    expect(crossed).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    const badToggle = await refusal(
      s.call(RPC.partners.setUserActive, {
        partnerId: vendor.id,
        userId: stranger.id,
        isActive: 'yes' as never,
      }),
    );
    expect(badToggle.errors?.isActive).toContain('isActive must be true or false');
  });
});

describe('the partners service', () => {
  it('answers its health check', async () => {
    expect(await s.call(RPC.partners.health, {}, null)).toMatchObject({
      service: 'partners',
      status: 'up',
      details: { postgres: { status: 'up' }, jetstream: { status: 'up' } },
    });
  });

  it("a service's database role cannot read another service's tables", async () => {
    const partnersRole = new Client({
      connectionString: serviceDatabaseUrl(s.db.url, 'partners', s.env.DB_ROLE_SECRET!),
    });
    await partnersRole.connect();
    try {
      await expect(partnersRole.query('select * from identity.users')).rejects.toThrow(/permission denied/);
      await expect(partnersRole.query('select count(*) from partners.companies')).resolves.toMatchObject({
        rowCount: 1,
      });
      await expect(partnersRole.query('select count(*) from companies')).resolves.toMatchObject({
        rowCount: 1,
      });
    } finally {
      await partnersRole.end();
    }
  });
});
