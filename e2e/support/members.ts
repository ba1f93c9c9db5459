import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api } from './browser';

/** A member the administrator added, and the e-mail address made for it. */
export interface AddedMember {
  id: string;
  email: string;
}

/**
 * Adds a member through the API as the administrator (POST /api/members, with its Idempotency-Key),
 * under an e-mail address of its own (`<prefix>-<8 hex>@example.com`), and checks the 201.
 */
export async function addMember(
  baseUrl: string,
  adminToken: string,
  member: { firstName: string; lastName: string; language?: 'en' | 'es' },
  prefix = 'member',
): Promise<AddedMember> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const made = await api(baseUrl, '/api/members', {
    method: 'POST',
    token: adminToken,
    json: { ...member, email },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: made.body.id as string, email };
}
