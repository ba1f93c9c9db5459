import { describe, expect, it } from 'vitest';
import { diffChanges, isAuditSecretField, stripAuditSecrets } from './audit-trail';

describe('diffChanges', () => {
  it('lists only the fields whose values changed, before → after', () => {
    expect(
      diffChanges({ name: 'A', limit: 1, active: true }, { name: 'B', limit: 1, active: false }),
    ).toEqual({
      name: { before: 'A', after: 'B' },
      active: { before: true, after: false },
    });
  });

  it('a created thing: every field from null; a deleted one: every field to null', () => {
    expect(diffChanges(null, { name: 'A', note: null })).toEqual({ name: { before: null, after: 'A' } });
    expect(diffChanges({ name: 'A' }, undefined)).toEqual({ name: { before: 'A', after: null } });
  });

  it('null when nothing changed (deep equality, dates by time, undefined as null)', () => {
    expect(diffChanges({ a: 1 }, { a: 1 })).toBeNull();
    expect(
      diffChanges(
        { tags: ['x', 'y'], at: new Date('2026-01-01T00:00:00Z'), meta: { b: 1, a: 2 }, gone: undefined },
        { tags: ['x', 'y'], at: new Date('2026-01-01T00:00:00.000Z'), meta: { a: 2, b: 1 }, gone: null },
      ),
    ).toBeNull();
    expect(diffChanges({ tags: ['x', 'y'] }, { tags: ['y', 'x'] })).toEqual({
      tags: { before: ['x', 'y'], after: ['y', 'x'] },
    });
  });

  it('dates are recorded as ISO strings', () => {
    expect(
      diffChanges({ at: new Date('2026-01-01T00:00:00Z') }, { at: new Date('2026-01-02T00:00:00Z') }),
    ).toEqual({
      at: { before: '2026-01-01T00:00:00.000Z', after: '2026-01-02T00:00:00.000Z' },
    });
  });

  it('only the fields asked for, when given', () => {
    expect(diffChanges({ a: 1, b: 1, c: 1 }, { a: 2, b: 2, c: 2 }, ['a', 'c'])).toEqual({
      a: { before: 1, after: 2 },
      c: { before: 1, after: 2 },
    });
  });

  it('never a secret field, whatever its spelling or depth', () => {
    const changes = diffChanges(
      { username: 'a', passwordHash: 'h1', password_hash: 'h1', profile: { token: 't1', city: 'X' } },
      { username: 'b', passwordHash: 'h2', password_hash: 'h2', profile: { token: 't2', city: 'Y' } },
    );
    expect(changes).toEqual({
      username: { before: 'a', after: 'b' },
      profile: { before: { city: 'X' }, after: { city: 'Y' } },
    });
    // A change of a secret alone is no change at all.
    expect(diffChanges({ password: 'old' }, { password: 'new' })).toBeNull();
    expect(diffChanges({ nested: { refreshToken: 'a' } }, { nested: { refreshToken: 'b' } })).toBeNull();
  });
});

describe('secret fields', () => {
  it('match AUDIT_SECRET_FIELDS case- and separator-insensitively', () => {
    for (const key of [
      'password',
      'PASSWORD',
      'passwordHash',
      'password_hash',
      'password-hash',
      'sessionId',
      'token',
    ])
      expect(isAuditSecretField(key)).toBe(true);
    for (const key of ['username', 'tokenCount', 'passwordChangedAt'])
      expect(isAuditSecretField(key)).toBe(false);
  });

  it('are dropped at any depth, arrays included', () => {
    expect(stripAuditSecrets({ a: [{ secret: 's', b: 1 }], c: { d: { newPassword: 'p' } } })).toEqual({
      a: [{ b: 1 }],
      c: { d: {} },
    });
  });
});
