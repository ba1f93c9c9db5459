import { waitFor } from '@avpass/platform/testing';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntriesOf, connectDatabase, type AuditEntryRow } from './support/audit-entries';
import { ADMIN, createPartnerWithUser, startHarness, type Harness } from './support/harness';

/**
 * Issue 26: identity and partners record each change they make in their own `audit_entries`, in the
 * change's transaction; a refused change records nothing, and no password or token is ever written.
 */
let h: Harness;
let admin: string;
let adminId: string;
let db: pg.Client;
/** Every password and token this file sends: none may appear in any entry. */
const secrets = new Set<string>([ADMIN.password]);

const { entries, count } = auditEntriesOf(() => db);

beforeAll(async () => {
  h = await startHarness();
  admin = await h.adminToken();
  secrets.add(admin);
  adminId = (await h.api('/api/auth/user', { token: admin })).body.id;
  db = await connectDatabase(h);
});
afterAll(async () => {
  await db?.end();
  await h?.close();
});

describe('partners record their changes', () => {
  it('create, update (changed fields only), delete: one entry each, by the administrator', async () => {
    const created = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: { name: 'Audit Physio', email: 'audit@physio.example' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const [create, ...moreCreates] = await entries('partners', 'partners.partner.created', id);
    expect(moreCreates).toEqual([]);
    expect(create).toMatchObject({
      actor_type: 'user',
      actor_id: adminId,
      actor_role: 'super_admin',
      target_type: 'partner',
      target_id: id,
      company_id: id,
      service: 'partners',
    });
    expect(create!.changes!.name).toEqual({ before: null, after: 'Audit Physio' });
    expect(create!.request_id).toBeTruthy();

    const edited = await h.api(`/api/vendors/${id}`, {
      method: 'PATCH',
      token: admin,
      json: { contactInfo: 'Open 7 days', name: 'Audit Physio' },
    });
    expect(edited.status).toBe(200);
    const updates = await entries('partners', 'partners.partner.updated', id);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.changes).toEqual({ contactInfo: { before: null, after: 'Open 7 days' } });

    // Refused changes write nothing: a taken e-mail on create and on update, an unknown partner.
    const before = await count('partners');
    const other = await h.api('/api/vendors', { method: 'POST', token: admin, json: { name: 'Other' } });
    expect(other.status).toBe(201);
    const afterOther = await count('partners');
    expect(afterOther).toBe(before + 1);
    expect(
      (
        await h.api('/api/vendors', {
          method: 'POST',
          token: admin,
          json: { name: 'Dup', email: 'AUDIT@physio.example' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await h.api(`/api/vendors/${other.body.id}`, {
          method: 'PATCH',
          token: admin,
          json: { email: 'audit@physio.example' },
        })
      ).status,
    ).toBe(409);
    expect(await count('partners')).toBe(afterOther);

    expect((await h.api(`/api/vendors/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await h.api(`/api/vendors/${id}`, { method: 'DELETE', token: admin })).status).toBe(404);
    const deletes = await entries('partners', 'partners.partner.deleted', id);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatchObject({ actor_id: adminId, company_id: id });
    expect(deletes[0]!.changes!.name).toEqual({ before: 'Audit Physio', after: null });
    expect(await count('partners')).toBe(afterOther + 1);
  });

  it('a logo and a gallery photo are recorded before → after', async () => {
    const vendor = await h.api('/api/vendors', { method: 'POST', token: admin, json: { name: 'Pics' } });
    const png = await sharp({
      create: { width: 24, height: 24, channels: 4, background: '#0a7' },
    })
      .png()
      .toBuffer();
    const upload = async (photoType: string) => {
      const fd = new FormData();
      fd.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
      fd.append('vendorId', vendor.body.id);
      fd.append('photoType', photoType);
      const res = await h.api('/api/upload/vendor-photo', { method: 'POST', token: admin, body: fd });
      expect(res.status).toBe(200);
      return res.body.url as string;
    };
    const logo = await upload('logo');
    const logos = await entries('partners', 'partners.partner.logo-changed', vendor.body.id);
    expect(logos).toHaveLength(1);
    expect(logos[0]).toMatchObject({ actor_id: adminId, company_id: vendor.body.id });
    expect(logos[0]!.changes).toEqual({ logoUrl: { before: null, after: logo } });

    const photo = await upload('gallery');
    const gallery = await entries('partners', 'partners.partner.gallery-photo-added', vendor.body.id);
    expect(gallery).toHaveLength(1);
    expect(gallery[0]!.changes).toEqual({ galleryPhotos: { before: [], after: [photo] } });
  });
});

describe('identity records sign-ins, profiles, passwords, sessions and portal users', () => {
  it('portal user created, signed in, deactivated, activated; each once, about its company', async () => {
    const staff = await createPartnerWithUser(h, 'Audit Staff Co');
    secrets.add('staff-password').add(staff.token);
    const [created, ...more] = await entries('identity', 'identity.portal-user.created', staff.userId);
    expect(more).toEqual([]);
    expect(created).toMatchObject({
      actor_id: adminId,
      actor_role: 'super_admin',
      target_type: 'user',
      company_id: staff.companyId,
      service: 'identity',
    });
    expect(created!.changes!.username).toEqual({ before: null, after: staff.username });
    expect(Object.keys(created!.changes!)).not.toContain('passwordHash');

    const signIns = await entries('identity', 'identity.sign-in.succeeded', staff.userId);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({
      actor_type: 'user',
      actor_id: staff.userId,
      actor_role: 'company_admin',
      actor_company_id: staff.companyId,
      company_id: staff.companyId,
    });
    expect(signIns[0]!.ip).toBeTruthy();

    const path = `/api/partners/${staff.companyId}/users/${staff.userId}`;
    expect((await h.api(path, { method: 'PATCH', token: admin, json: { isActive: false } })).status).toBe(
      200,
    );
    expect((await h.api(path, { method: 'PATCH', token: admin, json: { isActive: true } })).status).toBe(200);
    const off = await entries('identity', 'identity.portal-user.deactivated', staff.userId);
    const on = await entries('identity', 'identity.portal-user.activated', staff.userId);
    expect(off).toHaveLength(1);
    expect(on).toHaveLength(1);
    expect(off[0]!.changes).toEqual({ isActive: { before: true, after: false } });
    expect(on[0]).toMatchObject({ actor_id: adminId, company_id: staff.companyId });

    // A taken username: 409, nothing recorded.
    const before = await count('identity');
    const dup = await h.api(`/api/partners/${staff.companyId}/users`, {
      method: 'POST',
      token: admin,
      json: { username: staff.username, password: 'another-password' },
    });
    expect(dup.status).toBe(409);
    secrets.add('another-password');
    expect(await count('identity')).toBe(before);
  });

  it("a deleted partner's active portal users are deactivated by the system, one entry each", async () => {
    const staff = await createPartnerWithUser(h, 'Closing Co');
    secrets.add(staff.token);
    expect((await h.api(`/api/vendors/${staff.companyId}`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    await waitFor(
      async () => (await entries('identity', 'identity.portal-user.deactivated', staff.userId)).length > 0,
      { message: 'the deactivation was not recorded' },
    );
    const off = await entries('identity', 'identity.portal-user.deactivated', staff.userId);
    expect(off).toHaveLength(1);
    expect(off[0]).toMatchObject({
      actor_type: 'system',
      actor_id: null,
      company_id: staff.companyId,
      changes: { isActive: { before: true, after: false } },
    });
  });

  it('a failed sign-in is public, with the address and the username tried; then the lockout', async () => {
    const staff = await createPartnerWithUser(h, 'Locked Co');
    secrets.add(staff.token);
    const wrong = 'wrong-password-for-audit';
    secrets.add(wrong);
    for (let i = 0; i < 5; i++) {
      const res = await h.api('/api/auth/company-login', {
        method: 'POST',
        json: { username: staff.username, password: wrong },
      });
      expect(res.status).toBe(401);
    }
    const failed = await entries('identity', 'identity.sign-in.failed', staff.userId);
    expect(failed).toHaveLength(5);
    expect(failed[0]).toMatchObject({
      actor_type: 'public',
      actor_id: null,
      target_type: 'user',
      company_id: staff.companyId,
      changes: { usernameTried: { before: null, after: staff.username } },
    });
    expect(failed[0]!.ip).toBeTruthy();

    const locked = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: staff.username, password: 'staff-password' },
    });
    expect(locked.status).toBe(429);
    const lockouts = await entries('identity', 'identity.sign-in.locked-out', staff.userId);
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({
      actor_type: 'public',
      changes: { usernameTried: { before: null, after: staff.username } },
    });

    // An unknown username is recorded too, without a target, and only masked (issue 37: it may be a
    // password typed into the username box): its first character and its length.
    const unknown = await h.api('/api/auth/login', {
      method: 'POST',
      json: { username: 'nobody-here', password: wrong },
    });
    expect(unknown.status).toBe(401);
    const { rows } = await db.query<AuditEntryRow>(
      `select * from identity.audit_entries
        where action = 'identity.sign-in.failed' and changes->'usernameTried'->>'after' = $1`,
      [`n${'•'.repeat(10)} (11)`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target_id: null, company_id: null });
    const clear = await db.query(
      `select 1 from identity.audit_entries where changes::text like '%nobody-here%'`,
    );
    expect(clear.rows).toHaveLength(0);
  });

  it('profile change (changed fields), password change (no secret), sign-out: one entry each', async () => {
    const before = await count('identity');
    const profile = await h.api('/api/admin/profile', {
      method: 'PATCH',
      token: admin,
      json: { username: ADMIN.username, firstName: 'Ada' },
    });
    expect(profile.status).toBe(200);
    const changes = await entries('identity', 'identity.user.profile-changed', adminId);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.changes).toEqual({ firstName: { before: 'Platform', after: 'Ada' } });

    // A wrong current password: 400, nothing recorded.
    const refused = await h.api('/api/admin/change-password', {
      method: 'POST',
      token: admin,
      json: { currentPassword: 'not-the-password', newPassword: 'refused-new-password-1' },
    });
    expect(refused.status).toBe(400);
    secrets.add('not-the-password').add('refused-new-password-1');
    expect(await count('identity')).toBe(before + 1);

    const newPassword = 'audited-new-password-2';
    secrets.add(newPassword);
    const changed = await h.api('/api/admin/change-password', {
      method: 'POST',
      token: admin,
      json: { currentPassword: ADMIN.password, newPassword },
    });
    expect(changed.status).toBe(200);
    const passwords = await entries('identity', 'identity.user.password-changed', adminId);
    expect(passwords).toHaveLength(1);
    expect(passwords[0]).toMatchObject({ actor_id: adminId, changes: null });

    // A second session, signed out: one entry; signing out again records nothing.
    const login = await h.api('/api/auth/login', {
      method: 'POST',
      json: { username: ADMIN.username, password: newPassword },
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    secrets.add(token);
    const endedBefore = (await entries('identity', 'identity.session.ended', adminId)).length;
    expect((await h.api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    await h.api('/api/auth/logout', { method: 'POST', token });
    const ended = await entries('identity', 'identity.session.ended', adminId);
    expect(ended).toHaveLength(endedBefore + 1);
    expect(ended.at(-1)).toMatchObject({ actor_id: adminId, target_type: 'user' });
    // Put the password back for the other tests of this harness.
    await h.api('/api/admin/change-password', {
      method: 'POST',
      token: admin,
      json: { currentPassword: newPassword, newPassword: ADMIN.password },
    });
  });

  it('no password, hash or token appears in any entry this file caused', async () => {
    const { rows } = await db.query<{ row: string }>(
      `select row_to_json(e)::text as row from identity.audit_entries e
       union all select row_to_json(e)::text from partners.audit_entries e`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const hashes = (await db.query<{ h: string }>('select password_hash as h from identity.users')).rows;
    for (const { row } of rows) {
      for (const secret of secrets) expect(row).not.toContain(secret);
      for (const { h: hash } of hashes) expect(row).not.toContain(hash);
      expect(row).not.toMatch(/\$argon2/);
    }
  });
});
