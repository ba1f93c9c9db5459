import { expect } from 'vitest';
import { api } from './browser';
import { E2E_ADMIN } from './global-setup';

// The set-up most end-to-end files share: the administrator's token, a partner of the file's own
// (a unique name: the files share one platform), a staff user of it who can sign in, and their token.

/** A partner's sign-in: its staff user's username and password. */
export interface StaffUser {
  username: string;
  password: string;
}

/** The administrator's API token. */
export async function adminLogin(baseUrl: string): Promise<string> {
  const login = await api(baseUrl, '/api/auth/login', { method: 'POST', json: E2E_ADMIN });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.token as string;
}

/** A partner the administrator adds (`{ name }`, and any other field the form takes); its id. */
export async function createPartner(
  baseUrl: string,
  adminToken: string,
  partner: { name: string } & Record<string, unknown>,
): Promise<string> {
  const vendor = await api(baseUrl, '/api/vendors', { method: 'POST', token: adminToken, json: partner });
  expect(vendor.status, JSON.stringify(vendor.body)).toBe(201);
  return vendor.body.id as string;
}

/** A staff user of the partner, who then signs in with `staff`; the user's id. */
export async function addStaff(
  baseUrl: string,
  adminToken: string,
  partnerId: string,
  staff: StaffUser,
): Promise<string> {
  const user = await api(baseUrl, `/api/partners/${partnerId}/users`, {
    method: 'POST',
    token: adminToken,
    json: staff,
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  return String(user.body.id);
}

/** A partner with a staff user who can sign in (the company screens, the till); the partner's id. */
export async function createPartnerWithStaff(
  baseUrl: string,
  adminToken: string,
  partner: { name: string } & Record<string, unknown>,
  staff: StaffUser,
): Promise<string> {
  const partnerId = await createPartner(baseUrl, adminToken, partner);
  await addStaff(baseUrl, adminToken, partnerId, staff);
  return partnerId;
}

/** A staff user's API token, through the company sign-in. */
export async function staffLogin(baseUrl: string, staff: StaffUser): Promise<string> {
  const login = await api(baseUrl, '/api/auth/company-login', { method: 'POST', json: staff });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.token as string;
}
